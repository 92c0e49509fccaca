// Collections: hand-written framing (taglines, descriptions, tips, categories) with options
// chosen by rules from the catalogue, so they fill themselves at any catalogue size.
import type { OptionDraft } from './option-model.ts';
import type { Act } from './types.ts';

export type Rule = (o: OptionDraft) => boolean;

export type CollectionSeed = {
  slug: string;
  name: string;
  tagline: string;
  description: string;
  country?: string;
  city?: string;
  isGift?: boolean;
  featured?: boolean;
  rule: Rule;
  max: number;
  categories: { slug: string; name: string; description: string; rule: Rule }[];
  tips: [string, string][];
};

const acts = (...a: Act[]): Rule => (o) => a.includes(o.act);
const inCountry = (...c: string[]): Rule => (o) => c.includes(o.countrySlug);
const inCity = (...c: string[]): Rule => (o) => c.includes(o.citySlug);
const and = (...rules: Rule[]): Rule => (o) => rules.every((r) => r(o));

export const COLLECTIONS: CollectionSeed[] = [
  {
    slug: 'wild-singapore', name: 'Wild Singapore', city: 'singapore', featured: true, max: 16, rule: inCity('singapore'),
    tagline: 'Rainforest, mangroves and otters, a train ride from the towers',
    description: 'Singapore has more nature than most visitors ever see. These are the walks, paddles and night outings our team does on their own weekends, led by naturalists who survey the island’s wildlife.\n\nMost start at an MRT station or a ferry terminal and finish in time for lunch.',
    categories: [
      { slug: 'rainforest-and-reservoirs', name: 'Rainforest & Reservoirs', description: 'Trails and canopy walks in the central forests.', rule: acts('hike', 'wild', 'bird', 'photo') },
      { slug: 'coast-and-islands', name: 'Coast & Islands', description: 'Mangroves, Pulau Ubin and the southern islands.', rule: acts('kayak', 'boat', 'cycle', 'dive') },
      { slug: 'food-and-culture', name: 'Food & Culture', description: 'Hawker heritage and city neighbourhoods.', rule: acts('food', 'culture', 'well') },
    ],
    tips: [
      ['Go early', 'Trails open at 07:00. The first two hours are the coolest and the best for birds and monkeys.'],
      ['Carry water, not food', 'Macaques have learned that bags mean snacks. Keep food out of sight and never feed them.'],
      ['Check the tide', 'Chek Jawa on Pulau Ubin is at its best at low tide, when the seagrass and sand bars are exposed.'],
      ['Expect a shower', 'Afternoon storms are common. A light rain jacket is more useful than an umbrella on the trail.'],
    ],
  },
  {
    slug: 'borneo-wildlife', name: 'Borneo Wildlife', country: 'malaysia', featured: true, max: 18, rule: inCity('kota-kinabalu', 'kinabatangan'),
    tagline: 'Orangutans, hornbills and the highest mountain in Borneo',
    description: 'Sabah is one of the great wildlife destinations of Asia. In a week you can watch orangutans at dawn on the Kinabatangan, climb through cloud forest to the summit of Mount Kinabalu and snorkel the reefs off Kota Kinabalu.\n\nEvery experience here is run by people from Sabah, many from the villages they guide in.',
    categories: [
      { slug: 'rivers-and-rainforest', name: 'Rivers & Rainforest', description: 'Boat safaris and lodges on the Kinabatangan.', rule: inCity('kinabatangan') },
      { slug: 'mountains-and-reefs', name: 'Mountains & Reefs', description: 'Kinabalu, the Crocker Range and the islands off Kota Kinabalu.', rule: inCity('kota-kinabalu') },
    ],
    tips: [
      ['Fly into Sandakan for the river', 'The Kinabatangan is two hours from Sandakan airport, not Kota Kinabalu.'],
      ['Book Kinabalu early', 'Summit permits and mountain-hut beds sell out months ahead, especially from March to August.'],
      ['Pack leech socks', 'After rain, forest trails have leeches. They are harmless, but socks make walks far more pleasant.'],
      ['Bring binoculars', 'Hornbills and orangutans are often high in the canopy.'],
    ],
  },
  {
    slug: 'bali-beyond-the-beach', name: 'Bali Beyond the Beach', city: 'ubud', featured: true, max: 14, rule: inCity('ubud'),
    tagline: 'Volcano sunrises, river gorges and family kitchens in central Bali',
    description: 'Ubud is where Bali’s landscape and culture meet. These experiences go beyond the rice-terrace selfie to the people who farm, cook and guide in the island’s green interior.',
    categories: [
      { slug: 'volcanoes-and-rivers', name: 'Volcanoes & Rivers', description: 'Sunrise climbs and white water.', rule: acts('hike', 'raft', 'photo') },
      { slug: 'kitchens-and-villages', name: 'Kitchens & Villages', description: 'Cooking, crafts and village rides.', rule: acts('food', 'culture', 'cycle') },
      { slug: 'slow-days', name: 'Slow Days', description: 'Yoga, garden stays and quiet mornings.', rule: acts('well', 'stay') },
    ],
    tips: [
      ['Respect ceremonies', 'If a procession blocks the road, wait. Wear a sarong and sash when entering temples.'],
      ['Leave early for Batur', 'Pickups are around 02:00; sleep early and bring a warm layer for the summit.'],
      ['Ride with care', 'Roads are narrow and busy. Guided cycling routes keep to quieter lanes.'],
    ],
  },
  {
    slug: 'northern-thailand-slow-travel', name: 'Northern Thailand, Slowly', city: 'chiang-mai', max: 14, rule: inCity('chiang-mai'),
    tagline: 'Village treks, birding dawns and the mountains above Chiang Mai',
    description: 'The north of Thailand rewards travellers who slow down. Walk from village to village, spend a dawn with the birds on Doi Inthanon and cook with the families of the hills.',
    categories: [
      { slug: 'treks-and-homestays', name: 'Treks & Homestays', description: 'On foot through the hills.', rule: acts('hike', 'stay', 'camp', 'culture') },
      { slug: 'birds-and-wildlife', name: 'Birds & Wildlife', description: 'Doi Inthanon and ethical wildlife.', rule: acts('bird', 'wild', 'photo') },
    ],
    tips: [
      ['Choose observation-only elephant experiences', 'If you want to see elephants, choose a sanctuary that does not offer riding or bathing.'],
      ['Pack for cool mornings', 'From November to February, dawn on the mountains can be close to freezing.'],
      ['Carry small notes', 'Villages and national-park gates rarely take cards.'],
    ],
  },
  {
    slug: 'vietnam-mountains-and-bays', name: 'Vietnam’s Mountains & Bays', country: 'vietnam', featured: true, max: 18, rule: inCountry('vietnam'),
    tagline: 'From the terraces of Sapa to the lagoons of Lan Ha',
    description: 'Northern and central Vietnam hold some of Asia’s most dramatic scenery. Trek the terraces with Hmong guides, paddle the karst islands of Lan Ha Bay and camp inside a cave in Phong Nha.',
    categories: [
      { slug: 'mountains', name: 'Mountains', description: 'Sapa, Fansipan and the north.', rule: inCity('sapa', 'hanoi') },
      { slug: 'bays-and-caves', name: 'Bays & Caves', description: 'Ha Long, Lan Ha and Phong Nha.', rule: inCity('ha-long-bay', 'phong-nha') },
      { slug: 'hoi-an-and-the-coast', name: 'Hoi An & the Coast', description: 'Coconut forests and farm kitchens.', rule: inCity('hoi-an') },
    ],
    tips: [
      ['Take the night train', 'The overnight train from Hanoi to Lao Cai saves a day and is part of the adventure.'],
      ['Watch the seasons', 'Terraces are golden in September; caves close for floods from September to January.'],
      ['Choose smaller boats', 'In Ha Long and Lan Ha, smaller boats reach quieter bays.'],
      ['Cash is king in villages', 'Carry small dong notes for homestays and markets.'],
    ],
  },
  {
    slug: 'sri-lanka-safari-and-tea-country', name: 'Sri Lanka: Safari & Tea Country', country: 'sri-lanka', max: 16, rule: inCountry('sri-lanka'),
    tagline: 'Leopards at dawn, blue whales at sea and walks through the tea',
    description: 'Sri Lanka packs an astonishing range of wildlife and landscape into a small island. These experiences take you from the scrub jungle of Yala to the misty ridges of Ella and the deep water off Mirissa.',
    categories: [
      { slug: 'safaris-and-whales', name: 'Safaris & Whales', description: 'Yala, Minneriya and the south coast.', rule: acts('wild', 'bird', 'boat') },
      { slug: 'hill-country', name: 'Hill Country', description: 'Ella, Kandy and the Knuckles.', rule: inCity('ella', 'kandy') },
    ],
    tips: [
      ['Book the train early', 'Observation-car seats between Kandy and Ella sell out weeks ahead.'],
      ['Mind the park closures', 'Yala Block 1 closes for part of September and October.'],
      ['Choose responsible whale watching', 'Pick operators who follow the distance code and carry a naturalist.'],
    ],
  },
  {
    slug: 'himalayan-first-steps', name: 'Himalayan First Steps', country: 'nepal', featured: true, max: 16, rule: inCountry('nepal'),
    tagline: 'Short treks, lake paddles and jungle walks for your first time in Nepal',
    description: 'You do not need three weeks and a high-altitude permit to fall for Nepal. These trips, from day hikes on the Kathmandu Valley rim to a four-day teahouse trek to Poon Hill, are ideal for a first visit.',
    categories: [
      { slug: 'day-hikes', name: 'Day Hikes', description: 'Short walks from Kathmandu and Pokhara.', rule: (o) => o.act === 'hike' && o.kind !== 'adventure' },
      { slug: 'multi-day-treks', name: 'Multi-Day Treks', description: 'Teahouse treks in the hills.', rule: (o) => o.kind === 'adventure' },
      { slug: 'lowland-jungle', name: 'Lowland Jungle', description: 'Rhinos and river canoes in Chitwan.', rule: inCity('chitwan') },
    ],
    tips: [
      ['Hire licensed guides', 'Licensed agencies insure their porters and guides; always ask.'],
      ['Go in autumn or spring', 'October–November brings the clearest views; March–April the rhododendrons.'],
      ['Take altitude slowly', 'Even on short treks, drink plenty and ascend gradually.'],
      ['Carry cash for teahouses', 'There are few ATMs on the trail.'],
    ],
  },
  {
    slug: 'japans-quiet-forests', name: 'Japan’s Quiet Forests', country: 'japan', max: 14, rule: inCountry('japan'),
    tagline: 'Ancient cedars, alpine ponds and the wild north',
    description: 'Away from the cities, Japan is a country of forest and mountain. Walk to a cedar older than history on Yakushima, paddle past cranes in Hokkaido and follow pilgrim paths above Kyoto.',
    categories: [
      { slug: 'forest-walks', name: 'Forest Walks', description: 'Trails through cedar and moss.', rule: acts('hike', 'well', 'photo') },
      { slug: 'rivers-and-marshes', name: 'Rivers & Marshes', description: 'Canoes and kayaks.', rule: acts('kayak', 'boat', 'bird', 'wild') },
    ],
    tips: [
      ['Book huts and guides early', 'Summer weekends fill up months in advance.'],
      ['Carry out your rubbish', 'Bins are rare on trails; bring a bag.'],
      ['Bear bells in Hokkaido', 'Guides carry bells and spray; follow their instructions.'],
    ],
  },
  {
    slug: 'into-the-blue', name: 'Into the Blue', max: 16, rule: acts('dive', 'boat'),
    tagline: 'Reefs, mantas and traditional boats across Asia',
    description: 'Asia’s Coral Triangle holds the richest reefs on the planet. From the mantas of Komodo to the coral gardens of Langkawi, these trips are run by operators who care for the water they work on.',
    categories: [
      { slug: 'snorkelling-and-diving', name: 'Snorkelling & Diving', description: 'Reef days for every level.', rule: acts('dive') },
      { slug: 'sailing-and-boats', name: 'Sailing & Boats', description: 'Phinisi, junks and longtails.', rule: acts('boat') },
    ],
    tips: [
      ['Use reef-safe sunscreen', 'Or better, a rash vest: it protects you and the coral.'],
      ['Never stand on coral', 'Float, finning gently, and keep your hands to yourself.'],
      ['Check the season', 'Each coast has its calm months; we list them on every experience.'],
    ],
  },
  {
    slug: 'family-adventures', name: 'Family Adventures', featured: true, max: 20, rule: (o) => o.suitable.includes('families') && o.difficulty !== 'challenging',
    tagline: 'Wild days out that work for every age',
    description: 'Trips that children remember for years: paddling mangroves, night walks for frogs, cooking classes and gentle rafting. Each has been chosen for good guides, sensible timings and child prices where possible.',
    categories: [
      { slug: 'little-explorers', name: 'Little Explorers', description: 'Easy and under half a day.', rule: (o) => (o.durationMinutes ?? 9999) <= 240 },
      { slug: 'wildlife-for-families', name: 'Wildlife for Families', description: 'Animals, birds and night walks.', rule: acts('wild', 'bird') },
      { slug: 'on-the-water', name: 'On the Water', description: 'Kayaks, boats and gentle rapids.', rule: acts('kayak', 'boat', 'raft', 'dive') },
    ],
    tips: [
      ['Check minimum ages', 'Every experience lists its minimum age; guides enforce them for safety.'],
      ['Book the morning slot', 'Children (and animals) are at their best early.'],
      ['Pack a change of clothes', 'Water trips mean wet kids.'],
      ['Ask about child prices', 'Many operators offer lower prices for under-twelves.'],
    ],
  },
  {
    slug: 'sunrise-chasers', name: 'Sunrise Chasers', featured: true, max: 18, rule: (o) => o.themeTags.includes('sunrise-and-stargazing'),
    tagline: 'Worth the alarm clock',
    description: 'Volcano summits, misty temple plains and dawn game drives: the best light of the day, with guides who know exactly where to be.',
    categories: [
      { slug: 'sunrise-hikes', name: 'Sunrise Hikes', description: 'Summits and viewpoints at first light.', rule: acts('hike', 'photo') },
      { slug: 'dawn-wildlife', name: 'Dawn Wildlife', description: 'Animals are most active at dawn.', rule: acts('wild', 'bird') },
    ],
    tips: [
      ['Sleep early', 'Most sunrise trips start between 02:00 and 05:00.'],
      ['Bring a warm layer', 'Summits are cold before dawn, even in the tropics.'],
      ['Charge your headtorch', 'Trails are dark for the first hour.'],
    ],
  },
  {
    slug: 'monsoon-proof-adventures', name: 'Monsoon-Proof Adventures', max: 16, rule: (o) => o.themeTags.includes('rainy-day-friendly') || ['cave', 'food', 'culture'].includes(o.act),
    tagline: 'Great days whatever the weather',
    description: 'Rain is part of life in tropical Asia, and it makes the forests green. These experiences are just as good in a downpour: caves, kitchens, craft workshops and rainforest walks that are better wet.',
    categories: [
      { slug: 'underground', name: 'Underground', description: 'Caves and caverns.', rule: acts('cave') },
      { slug: 'kitchens-and-workshops', name: 'Kitchens & Workshops', description: 'Cooking and crafts under cover.', rule: acts('food', 'culture') },
    ],
    tips: [
      ['Rain usually comes in the afternoon', 'Plan outdoor activities for the morning.'],
      ['Quick-dry beats waterproof', 'In the heat, quick-dry clothes are more comfortable than rain gear.'],
      ['Keep electronics in dry bags', 'Operators can lend them; ask.'],
    ],
  },
  {
    slug: 'eco-stays-worth-the-journey', name: 'Eco Stays Worth the Journey', featured: true, max: 16, rule: (o) => o.kind === 'stay',
    tagline: 'Floating bungalows, village homestays and lodges that give back',
    description: 'The places we stay shape the places we visit. Every stay in this collection is locally owned or community-run, careful with energy and water, and somewhere you will not want to leave.',
    categories: [
      { slug: 'homestays', name: 'Homestays', description: 'Stay with a family.', rule: (o) => /homestay/i.test(o.name) },
      { slug: 'lodges-and-bungalows', name: 'Lodges & Bungalows', description: 'Small lodges in wild places.', rule: (o) => /lodge|bungalow|cabin|hut/i.test(o.name) },
      { slug: 'on-the-water', name: 'On the Water', description: 'Houseboats, junks and rafts.', rule: (o) => o.yachtTrip || /houseboat|junk|float/i.test(o.name) },
    ],
    tips: [
      ['Bring a torch', 'Remote stays often switch off generators at night.'],
      ['Cash for extras', 'Drinks and outings are often paid locally in cash.'],
      ['Stay two nights', 'The first day is always about getting there.'],
    ],
  },
  {
    slug: 'women-led-adventures', name: 'Women-Led Adventures', max: 16, rule: (o) => o.sustainability.includes('women_owned'),
    tagline: 'Experiences from businesses founded and run by women',
    description: 'From Hmong trekking guides in Sapa to Nepal’s pioneering women river guides, these are the businesses women have built in the outdoors, often against the odds.',
    categories: [
      { slug: 'outdoors', name: 'Outdoors', description: 'Treks, paddles and birding.', rule: acts('hike', 'kayak', 'raft', 'bird', 'boat', 'wild') },
      { slug: 'food-and-craft', name: 'Food & Craft', description: 'Kitchens and workshops.', rule: acts('food', 'culture', 'well', 'stay') },
    ],
    tips: [
      ['Ask about the story', 'Most founders love to tell how they started.'],
      ['Tip the team', 'Tips go directly to guides and cooks.'],
      ['Share your review', 'Reviews help small businesses more than anything.'],
    ],
  },
  {
    slug: 'cook-with-locals', name: 'Cook with Locals', max: 16, rule: acts('food'),
    tagline: 'Markets, gardens and family kitchens across Asia',
    description: 'Food is the fastest way into a place. Shop at the market, pick herbs in the garden and cook with the families who have made these dishes for generations.',
    categories: [
      { slug: 'cooking-classes', name: 'Cooking Classes', description: 'Hands-on in family kitchens.', rule: (o) => /cook|kitchen/i.test(o.name) },
      { slug: 'food-walks', name: 'Food Walks', description: 'Street food and markets.', rule: (o) => /walk|trail|street/i.test(o.name) },
    ],
    tips: [
      ['Tell hosts about allergies early', 'Markets are shopped the morning of the class.'],
      ['Go hungry', 'Classes end with a big meal.'],
      ['Ask for the recipes', 'Most hosts email them afterwards.'],
    ],
  },
  {
    slug: 'gifts-for-nature-lovers', name: 'Gifts for Nature Lovers', isGift: true, featured: true, max: 20, rule: (o) => o.act !== 'food',
    tagline: 'Give a dawn, a river or a mountain',
    description: 'Experiences make the best presents: nothing to wrap, nothing to store, and a story to tell for years. The recipient picks the date.',
    categories: [
      { slug: 'for-the-birder', name: 'For the Birder', description: 'Dawn walks and scopes.', rule: acts('bird', 'wild') },
      { slug: 'for-the-adventurer', name: 'For the Adventurer', description: 'Summits, rapids and caves.', rule: acts('hike', 'raft', 'cave', 'climb', 'camp') },
      { slug: 'for-the-water-lover', name: 'For the Water Lover', description: 'Kayaks, reefs and sails.', rule: acts('kayak', 'dive', 'boat') },
    ],
    tips: [
      ['The recipient chooses the date', 'Gift experiences are redeemed with a code; they book when it suits them.'],
      ['Add a message', 'You can schedule the gift email for the big day.'],
      ['Gifts are non-refundable', 'But the recipient can choose any available date.'],
    ],
  },
  {
    slug: 'gifts-under-100', name: 'Gifts Under S$100', isGift: true, max: 20, rule: (o) => o.fromSgd < 100 && o.priceUnit === 'per_person',
    tagline: 'Thoughtful gifts that do not break the bank',
    description: 'Half-day adventures, cooking classes and dawn walks, all under S$100 per person.',
    categories: [
      { slug: 'half-day-adventures', name: 'Half-Day Adventures', description: 'Short and memorable.', rule: (o) => (o.durationMinutes ?? 9999) <= 300 },
      { slug: 'tasty-gifts', name: 'Tasty Gifts', description: 'Cooking and food walks.', rule: acts('food') },
    ],
    tips: [
      ['Prices are per person', 'Buy two for a couple.'],
      ['Mix with a gift card', 'Gift cards let the recipient choose anything.'],
      ['Check the location', 'Make sure the recipient will be travelling there.'],
    ],
  },
  {
    slug: 'adventures-for-two', name: 'Adventures for Two', isGift: true, max: 16, rule: (o) => o.suitable.includes('couples'),
    tagline: 'Shared sunrises and private charters for couples',
    description: 'For anniversaries, honeymoons and birthdays: private sails, sunrise summits and nights on the water.',
    categories: [
      { slug: 'private-experiences', name: 'Private Experiences', description: 'Just the two of you.', rule: (o) => o.tripType === 'private' },
      { slug: 'romantic-stays', name: 'Romantic Stays', description: 'Somewhere special to sleep.', rule: (o) => o.kind === 'stay' },
    ],
    tips: [
      ['Private trips fill fast', 'Book early for weekends.'],
      ['Sunset slots are popular', 'Choose the later departure for the best light.'],
      ['Tell the operator', 'Mention the occasion; many add a small touch.'],
    ],
  },
  {
    slug: 'gift-a-malaysian-adventure', name: 'Gift a Malaysian Adventure', country: 'malaysia', isGift: true, max: 14, rule: inCountry('malaysia'),
    tagline: 'From Langkawi’s mangroves to Borneo’s summit',
    description: 'Gift experiences across Malaysia, from hawker trails in Penang to wildlife lodges on the Kinabatangan, priced in ringgit.',
    categories: [
      { slug: 'peninsula', name: 'Peninsula', description: 'Langkawi, Penang, KL and Taman Negara.', rule: inCity('langkawi', 'penang', 'kuala-lumpur', 'taman-negara') },
      { slug: 'borneo', name: 'Borneo', description: 'Sabah’s mountains and rivers.', rule: inCity('kota-kinabalu', 'kinabatangan') },
    ],
    tips: [
      ['Great for Malaysian residents', 'Some experiences offer local prices.'],
      ['Borneo needs two days', 'Allow travel time for Sabah.'],
      ['Choose the season', 'West coast is best from March to October.'],
    ],
  },
  {
    slug: 'taiwan-outdoors', name: 'Taiwan Outdoors', country: 'taiwan', max: 14, rule: inCountry('taiwan'),
    tagline: 'Marble gorges, volcano trails and mountain tea',
    description: 'Taiwan is one of Asia’s best-kept outdoor secrets, with trails from the metro and a Pacific coast of sea cliffs and gorges.',
    categories: [
      { slug: 'gorges-and-coast', name: 'Gorges & Coast', description: 'Hualien and the east.', rule: inCity('hualien', 'kenting') },
      { slug: 'mountains-and-tea', name: 'Mountains & Tea', description: 'Taipei and Alishan.', rule: inCity('taipei', 'alishan') },
    ],
    tips: [
      ['Apply for permits early', 'Some Taroko trails need permits days ahead.'],
      ['Avoid typhoon season', 'July to September brings storms to the east coast.'],
      ['Use the trains', 'The east-coast line makes a car unnecessary.'],
    ],
  },
  {
    slug: 'weekend-escapes-from-singapore', name: 'Weekend Escapes from Singapore', featured: true, max: 18,
    rule: and(inCity('singapore', 'kuala-lumpur', 'langkawi', 'penang', 'ubud', 'taman-negara'), (o) => o.kind !== 'adventure' || (o.durationDays ?? 0) <= 2),
    tagline: 'Short flights, big adventures',
    description: 'An hour or two from Changi there are mangrove kayaks, volcano sunrises and ancient rainforest. Perfect for a long weekend.',
    categories: [
      { slug: 'malaysia-escapes', name: 'Malaysia', description: 'Langkawi, Penang, KL and Taman Negara.', rule: inCountry('malaysia') },
      { slug: 'bali-escapes', name: 'Bali', description: 'Ubud and the volcanoes.', rule: inCountry('indonesia') },
      { slug: 'stay-home', name: 'Closer to Home', description: 'Wild Singapore.', rule: inCountry('singapore') },
    ],
    tips: [
      ['Book flights first', 'Long weekends fill budget airlines quickly.'],
      ['Travel light', 'Carry-on only makes short trips easier.'],
      ['Plan the first morning', 'Book an early experience so you make the most of day one.'],
    ],
  },
];
