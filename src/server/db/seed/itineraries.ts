// Travel itineraries and best-of lists. Days and items reference experiences by core key
// ("sg-treetop") or by "city/act" ("kota-kinabalu/dive"), resolved against the catalogue.

export type ItinerarySeed = {
  slug: string;
  title: string;
  summary: string;
  country: string;
  city?: string;
  days: [string, string, string[]][];
};

export const ITINERARIES: ItinerarySeed[] = [
  {
    slug: 'two-wild-days-in-singapore', title: 'Two Wild Days in Singapore', country: 'singapore', city: 'singapore',
    summary: 'A weekend that swaps malls for mangroves: rainforest walks, a night safari of your own and a kayak to Singapore’s last village island.',
    days: [
      ['The central forest', 'Start early on the MacRitchie trails and cross the TreeTop Walk while the forest is cool. Rest through the afternoon heat, then head back out after dark to look for colugos and frogs at Windsor Nature Park.', ['sg-treetop', 'sg-night-walk']],
      ['Mangroves and islands', 'Catch the shorebird roost at Sungei Buloh at first light, then cross to Pulau Ubin for an afternoon in the mangroves by kayak.', ['sg-buloh-birding', 'sg-ubin-kayak']],
    ],
  },
  {
    slug: 'seven-days-in-sabah', title: 'Seven Days in Sabah: Summit, River and Reef', country: 'malaysia', city: 'kota-kinabalu',
    summary: 'Borneo in a week: raft the Kiulu, climb Mount Kinabalu, snorkel the islands off Kota Kinabalu and finish with orangutans on the Kinabatangan.',
    days: [
      ['Arrive in Kota Kinabalu', 'Settle in by the waterfront and eat at the night market.', ['kota-kinabalu/food']],
      ['Rafting the Kiulu', 'A gentle first adventure on a clear river below the Crocker Range.', ['my-kiulu-rafting']],
      ['Up the mountain', 'Climb to Laban Rata through cloud forest.', ['my-kinabalu-summit']],
      ['Summit at sunrise', 'Reach Low’s Peak at dawn and descend to the park.', []],
      ['Islands and reefs', 'Snorkel the reefs of Tunku Abdul Rahman Park.', ['kota-kinabalu/dive']],
      ['To the Kinabatangan', 'Fly to Sandakan, visit Sepilok and transfer to the river.', ['my-kinabatangan-lodge']],
      ['River safaris', 'Dawn and dusk on the river before flying home.', ['kinabatangan/wild']],
    ],
  },
  {
    slug: 'bali-and-komodo-in-eight-days', title: 'Bali and Komodo in Eight Days', country: 'indonesia', city: 'ubud',
    summary: 'Volcanoes and kitchens in Ubud, then three days on a wooden phinisi among the dragons and mantas of Komodo.',
    days: [
      ['Ubud', 'Walk the Campuhan Ridge and settle into central Bali.', ['ubud/hike']],
      ['Batur sunrise', 'Climb Mount Batur in the dark for sunrise over Agung.', ['id-batur-sunrise']],
      ['Cooking with Ibu Made', 'Market and family kitchen.', ['id-cooking']],
      ['Rice terraces by bike', 'Ride the terraces of Jatiluwih.', ['ubud/cycle']],
      ['Fly to Labuan Bajo', 'Board the phinisi for three days in Komodo National Park.', ['id-komodo-liveaboard']],
      ['Padar and Pink Beach', 'Sunrise on Padar and the reefs of Komodo.', []],
      ['Manta Point', 'Mantas in the morning and back to harbour.', []],
      ['Home', 'Fly home from Labuan Bajo via Bali.', []],
    ],
  },
  {
    slug: 'northern-thailand-and-khao-sok', title: 'Northern Thailand and Khao Sok in Nine Days', country: 'thailand', city: 'chiang-mai',
    summary: 'Birding on Doi Inthanon, three days on foot between hill villages, and two nights floating on Cheow Lan Lake.',
    days: [
      ['Chiang Mai', 'Temples and the Monk’s Trail on Doi Suthep.', ['chiang-mai/hike']],
      ['Doi Inthanon', 'A full day birding Thailand’s highest mountain.', ['th-inthanon-birding']],
      ['Village trek, day one', 'Set off from the Mae Taeng valley.', ['th-karen-trek']],
      ['Village trek, day two', 'Ridge walking and a Karen homestay.', []],
      ['Village trek, day three', 'Down to the river and back to Chiang Mai.', []],
      ['Fly south', 'Fly to Surat Thani and transfer to Khao Sok.', ['khao-sok/hike']],
      ['Cheow Lan Lake', 'Longtail across the lake to the floating bungalows.', ['th-cheow-lan']],
      ['On the lake', 'Dawn safari, kayaks and a cave walk.', []],
      ['Krabi', 'Finish with a half-day on the rock at Railay.', ['th-railay-climb']],
    ],
  },
  {
    slug: 'a-week-in-northern-vietnam', title: 'A Week in Northern Vietnam', country: 'vietnam', city: 'sapa',
    summary: 'Street food in Hanoi, two days among Sapa’s rice terraces with Hmong guides, and a night on a junk in Lan Ha Bay.',
    days: [
      ['Hanoi', 'Eat your way through the Old Quarter.', ['hanoi/food']],
      ['Night train to Sapa', 'Arrive in the mountains at dawn.', ['sapa/hike']],
      ['Muong Hoa Valley', 'Trek the terraces to a Giay homestay.', ['vn-sapa-trek']],
      ['Back to Hanoi', 'Walk on to Su Pan and return by night train.', []],
      ['Lan Ha Bay', 'Board a small junk from Cat Ba.', ['vn-lan-ha-cruise']],
      ['Kayak the lagoons', 'Floating villages and sunrise tai chi.', ['ha-long-bay/kayak']],
      ['Home', 'Return to Hanoi for your flight.', []],
    ],
  },
  {
    slug: 'ten-days-across-sri-lanka', title: 'Ten Days Across Sri Lanka', country: 'sri-lanka', city: 'kandy',
    summary: 'The Cultural Triangle, the hill country by train, leopards in Yala and whales off Mirissa.',
    days: [
      ['Sigiriya', 'Climb Pidurangala for sunrise over the Lion Rock.', ['sigiriya/hike']],
      ['The elephant gathering', 'Minneriya in the afternoon.', ['sigiriya/wild']],
      ['Kandy', 'Temple of the Tooth and the botanic gardens.', ['kandy/culture']],
      ['The Knuckles', 'Trek and camp in the cloud forest.', ['kandy/hike']],
      ['Train to Ella', 'The most beautiful train ride in Asia.', []],
      ['Ella Rock', 'Sunrise hike and a tea-estate breakfast.', ['lk-ella-rock']],
      ['To Yala', 'Down from the hills to the south-east.', []],
      ['Leopards', 'Dawn game drive in Yala.', ['lk-yala-safari']],
      ['Mirissa', 'Beach afternoon.', []],
      ['Blue whales', 'Out to sea at dawn before heading to Colombo.', ['lk-mirissa-whales']],
    ],
  },
  {
    slug: 'nepal-in-eight-days', title: 'Nepal in Eight Days: Valley, Lakes and Jungle', country: 'nepal', city: 'pokhara',
    summary: 'A first taste of Nepal: Kathmandu’s valley rim, a four-day trek to Poon Hill and rhinos in Chitwan.',
    days: [
      ['Kathmandu', 'Heritage squares and a hike on the valley rim.', ['kathmandu/hike']],
      ['To Pokhara', 'Fly or drive to the lakes; paddle Phewa at sunset.', ['np-phewa-kayak']],
      ['Poon Hill trek, day one', 'Into the Annapurna foothills.', ['np-poon-hill']],
      ['Poon Hill trek, day two', 'The stone staircase to Ghorepani.', []],
      ['Poon Hill sunrise', 'Dawn over Dhaulagiri.', []],
      ['Ghandruk and Pokhara', 'Down through Gurung villages.', []],
      ['Chitwan', 'Drive to the Terai.', ['chitwan/culture']],
      ['Canoe and jungle walk', 'Rhinos on foot before heading home.', ['np-chitwan-canoe']],
    ],
  },
  {
    slug: 'taiwans-east-coast-in-five-days', title: 'Taiwan’s East Coast in Five Days', country: 'taiwan', city: 'hualien',
    summary: 'Volcano hikes above Taipei, then the train down the coast to Taroko Gorge and the Qingshui Cliffs.',
    days: [
      ['Taipei', 'Yangmingshan and a hot-spring soak in Beitou.', ['taipei/hike']],
      ['Tea hills', 'Maokong and Pingxi.', ['taipei/culture']],
      ['To Hualien', 'Train down the coast.', []],
      ['Zhuilu Old Trail', 'Cliffside walking in Taroko.', ['tw-zhuilu']],
      ['Qingshui Cliffs', 'Kayak beneath the cliffs before heading home.', ['tw-qingshui-kayak']],
    ],
  },
  {
    slug: 'angkor-and-the-cardamoms', title: 'Angkor and the Cardamoms in Six Days', country: 'cambodia', city: 'siem-reap',
    summary: 'Temples by bicycle at dawn, then three days with the community guides of Chi Phat.',
    days: [
      ['Angkor by bike', 'Sunrise and the back roads of Angkor.', ['kh-angkor-bike']],
      ['Tonle Sap', 'Stilt villages on the great lake.', ['siem-reap/boat']],
      ['To the Cardamoms', 'Travel south-west and boat upriver.', ['kh-chi-phat']],
      ['Jungle camp', 'Waterfalls and a night in hammocks.', []],
      ['Back to the village', 'Walk out and visit the wildlife-release station.', []],
      ['Kampot', 'A sunset paddle to finish.', ['kampot/kayak']],
    ],
  },
  {
    slug: 'slow-japan-in-ten-days', title: 'Slow Japan: Kyoto, Yakushima and Hokkaido in Ten Days', country: 'japan', city: 'kyoto',
    summary: 'Forest paths above Kyoto, the ancient cedars of Yakushima and the marshes and volcanoes of Hokkaido.',
    days: [
      ['Kyoto', 'Arrive and settle in.', []],
      ['Kurama to Kibune', 'The cedar-root path and a riverside lunch.', ['jp-kurama-kibune']],
      ['Arashiyama', 'Bamboo groves and the Hozu gorge.', ['kyoto/cycle']],
      ['To Yakushima', 'Fly via Kagoshima.', []],
      ['Jomon Sugi', 'The great cedar.', ['jp-jomon-sugi']],
      ['Shiratani Unsuikyo', 'The moss forest of Princess Mononoke.', ['yakushima/hike']],
      ['To Hokkaido', 'Fly north.', []],
      ['Kushiro Marsh', 'Canoe past cranes at dawn.', ['hokkaido/kayak']],
      ['Daisetsuzan', 'A day in the mountains.', ['hokkaido/hike']],
      ['Home', 'Fly from Sapporo.', []],
    ],
  },
];

export type BestOfSeed = {
  slug: string;
  title: string;
  intro: string;
  country?: string;
  city?: string;
  acts?: string[];
  rule: 'country' | 'city' | 'act' | 'theme' | 'stay' | 'families';
  themeTag?: string;
  max: number;
};

export const BEST_OF: BestOfSeed[] = [
  { slug: 'best-wildlife-experiences-in-malaysia', title: 'The Best Wildlife Experiences in Malaysia', country: 'malaysia', acts: ['wild', 'bird', 'boat', 'stay'], rule: 'country', max: 8, intro: 'From orangutans on the Kinabatangan to fireflies in the mangroves, Malaysia is one of Asia’s finest wildlife countries. These are the experiences our team would book again tomorrow.' },
  { slug: 'best-sunrise-hikes-in-asia', title: 'The Best Sunrise Hikes in Asia', acts: ['hike'], rule: 'theme', themeTag: 'sunrise-and-stargazing', max: 10, intro: 'Volcano rims, tea-country ridges and temple plains in the mist: the dawn walks worth setting an alarm for.' },
  { slug: 'best-snorkelling-and-diving-in-indonesia', title: 'The Best Snorkelling and Diving in Indonesia', country: 'indonesia', acts: ['dive', 'boat'], rule: 'country', max: 6, intro: 'Indonesia sits at the heart of the Coral Triangle. Here is where to get in the water, from Komodo’s mantas to Raja Ampat’s house reefs.' },
  { slug: 'best-eco-stays-in-asia', title: 'The Best Eco Stays in Asia', rule: 'stay', max: 10, intro: 'Floating bungalows, overwater homestays and village lodges that put money where it matters.' },
  { slug: 'best-outdoor-experiences-in-singapore', title: 'The Best Outdoor Experiences in Singapore', city: 'singapore', rule: 'city', max: 8, intro: 'Singapore’s wild side, ranked by the team who live here.' },
  { slug: 'best-food-experiences-in-vietnam', title: 'The Best Food Experiences in Vietnam', country: 'vietnam', acts: ['food', 'culture'], rule: 'country', max: 6, intro: 'From Hanoi’s street kitchens to Hoi An’s herb gardens, the best ways to eat your way through Vietnam.' },
  { slug: 'best-treks-in-nepal', title: 'The Best Treks in Nepal', country: 'nepal', acts: ['hike', 'camp'], rule: 'country', max: 6, intro: 'Short treks and day hikes for a first visit to the Himalaya.' },
  { slug: 'best-family-adventures-in-thailand', title: 'The Best Family Adventures in Thailand', country: 'thailand', rule: 'families', max: 7, intro: 'Gentle bike rides, floating bungalows and first climbs: Thailand is made for family adventures.' },
  { slug: 'best-kayaking-trips-in-asia', title: 'The Best Kayaking Trips in Asia', acts: ['kayak'], rule: 'act', max: 10, intro: 'Mangroves, karst lagoons and sea cliffs: the paddles we rate highest.' },
  { slug: 'best-birdwatching-in-asia', title: 'The Best Birdwatching in Asia', acts: ['bird'], rule: 'act', max: 9, intro: 'Dawn walks with the guides who find birds by ear, from Singapore’s mangroves to Thailand’s highest peak.' },
];
