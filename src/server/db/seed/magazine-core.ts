// Hand-written magazine articles. Body blocks reference images by theme and experiences by
// core key or "city/act"; magazine.ts resolves them to ids.
import type { Theme } from '../../images/pool.ts';

export type BodySeed =
  | ['p', string]
  | ['h', string]
  | ['quote', string, string?]
  | ['list', boolean, string[]]
  | ['img', Theme[], string]
  | ['item', string, string, string?]
  | ['day', number, string, string, string[]];

export type BlogKind = 'quick_read' | 'complete_guide' | 'itinerary' | 'list' | 'tried_and_tested' | 'video';

export type ArticleSeed = {
  slug: string;
  title: string;
  kind: BlogKind;
  category: string;
  excerpt: string;
  author: string;
  tags: string[];
  country?: string;
  city?: string;
  hero: Theme[];
  body: BodySeed[];
  verdict?: string;
  /** Extra related experiences beyond those in the body. */
  related?: string[];
  /** Days before the reference date. */
  age: number;
};

export const CORE_ARTICLES: ArticleSeed[] = [
  {
    slug: 'where-the-water-glows', title: 'Where the Water Glows: Fireflies and Shining Seas of Southeast Asia', kind: 'list', category: 'wildlife',
    excerpt: 'Synchronised fireflies in the mangroves, plankton that sparkles around your paddle: the best places to see living light.', author: 'mei-lin', tags: ['marine-life', 'bucket-list', 'national-parks'], age: 40,
    hero: ['night_sky', 'river', 'coast'],
    body: [
      ['p', 'There is a particular kind of silence on a mangrove river after dark. The engine is off, the boatman has stopped talking, and along the bank the trees begin to blink, first one, then a hundred, then thousands of fireflies flashing in rhythm like a string of Christmas lights on a timer. A few kilometres away, out on the open water, every stroke of a paddle leaves a trail of blue sparks. Both are bioluminescence: light made by living things, and Southeast Asia is one of the best places on Earth to see it.'],
      ['p', 'Here are the places our team goes back to, with the experiences that get you there responsibly: small boats or paddles, no torches pointed at the trees, and guides who know that a firefly colony depends on a single species of mangrove tree.'],
      ['img', ['night_sky', 'river'], 'Fireflies gather in the berembang trees along tidal rivers, flashing in unison on moonless nights.'],
      ['item', 'Kuala Selangor, Malaysia', 'The fireflies of Kampung Kuantan are the most famous in Asia. Go on a moonless night, in a rowing boat rather than a motorboat, and leave your camera flash off.'],
      ['item', 'The Klias Peninsula, Sabah', 'South of Kota Kinabalu, the peat swamps of Klias combine a dusk proboscis-monkey cruise with a firefly river after dark.'],
      ['item', 'Kilim, Langkawi', 'Paddle back through the Kilim mangroves as the light fades; on calm nights the water itself starts to glow.', 'my-kilim-kayak'],
      ['item', 'The Tatai River, Cambodia', 'The mangrove estuary of the Tatai in the Cardamoms has fireflies all year, and almost no other visitors.'],
      ['item', 'Kampot River, Cambodia', 'A sunset paddle on the Kampot river ends among nipa palms full of fireflies.', 'kampot/kayak'],
      ['h', 'How to watch without harming'],
      ['list', false, [
        'Choose paddle or oar-powered boats; engines and wash damage the riverbanks where firefly larvae live.',
        'Never shine torches or phone screens at the trees.',
        'Go on a moonless night or in the first hour after sunset for the brightest display.',
        'Ask your operator whether they support mangrove replanting: the fireflies depend on it.',
      ]],
      ['quote', 'When the colony is flashing together, the whole river seems to breathe.', 'Zulkifli, Kilim Mangrove Explorers'],
    ],
  },
  {
    slug: 'complete-guide-to-borneo-wildlife', title: 'The Complete Guide to Borneo’s Wildlife', kind: 'complete_guide', category: 'wildlife',
    excerpt: 'Orangutans, proboscis monkeys, pygmy elephants and eight kinds of hornbill: where, when and how to see the wildlife of Sabah.', author: 'rizal', tags: ['national-parks', 'bucket-list', 'first-timers'], country: 'malaysia', city: 'kinabatangan', age: 120,
    hero: ['rainforest', 'river'],
    body: [
      ['p', 'Borneo is the third-largest island in the world and one of the most biodiverse places on the planet. Its Malaysian state of Sabah is the easiest part to explore, with good roads, English-speaking guides and a network of protected forests, rivers and reefs within a short flight of each other.'],
      ['h', 'Where to go'],
      ['p', 'Most wildlife trips combine three areas: the Kinabatangan River for primates, birds and elephants; Sepilok for orangutan rehabilitation and the Rainforest Discovery Centre canopy walk; and Kinabalu Park for montane birds and pitcher plants. If you have more time, the Danum Valley and Tabin reserves offer deeper rainforest.'],
      ['img', ['river', 'rainforest'], 'Early morning on an oxbow lake off the Kinabatangan River.'],
      ['h', 'When to go'],
      ['p', 'March to October is the drier season. Pygmy elephants tend to move along the river between June and September, and fruiting seasons, which are irregular, bring orangutans closer to the water.'],
      ['h', 'What you might see'],
      ['list', false, [
        'Bornean orangutans, wild and semi-wild',
        'Proboscis monkeys, gathering in riverside trees at dusk',
        'Bornean pygmy elephants',
        'Rhinoceros, helmeted and wreathed hornbills',
        'Estuarine crocodiles, monitor lizards and flying lizards',
        'Western tarsiers and slow lorises on night walks',
      ]],
      ['h', 'Where to stay'],
      ['item', 'A village-owned river lodge', 'Sukau Riverkeepers is owned by the families of Sukau and funds riverbank reforestation.', 'my-kinabatangan-lodge'],
      ['item', 'Climb Kinabalu', 'Two days through four vegetation zones to the summit of Borneo.', 'my-kinabalu-summit'],
      ['h', 'How to choose an operator'],
      ['p', 'Look for small boats with electric or four-stroke engines, guides who keep their distance from animals and lodges that employ local staff. Avoid any experience that lets you hold or feed an orangutan.'],
      ['quote', 'The river tells you everything if you are quiet enough to listen.', 'Rosli, boatman, Sukau'],
    ],
  },
  {
    slug: 'how-to-choose-an-ethical-wildlife-experience', title: 'How to Choose an Ethical Wildlife Experience', kind: 'quick_read', category: 'sustainable-travel',
    excerpt: 'Five questions to ask before you book anything with animals in it.', author: 'anjali', tags: ['responsible-travel', 'first-timers'], age: 200,
    hero: ['savanna', 'rainforest'],
    body: [
      ['p', 'Wildlife tourism can be a powerful force for conservation, paying for rangers and giving communities a reason to protect forests. It can also cause real harm. Before you book, ask five simple questions.'],
      ['list', true, [
        'Are the animals wild and free to leave? If not, why are they there?',
        'Is there any riding, bathing, feeding or handling? If so, walk away.',
        'How close do vehicles or boats get, and how many are allowed at a sighting?',
        'Who are the guides, and are they from the area?',
        'Where does the money go?',
      ]],
      ['p', 'At Verdant, every experience tagged Wildlife Safe has answered these questions to our satisfaction. Many operators go further, funding rangers, replanting forest or collecting data for researchers.'],
      ['img', ['savanna'], 'Jeeps switch off their engines at sightings in Yala National Park.'],
      ['item', 'A good example', 'Yala Leopard Trackers limit their jeeps to six guests and switch off at every sighting.', 'lk-yala-safari'],
    ],
  },
  {
    slug: 'tried-and-tested-climbing-mount-kinabalu', title: 'Tried and Tested: Climbing Mount Kinabalu', kind: 'tried_and_tested', category: 'adventure',
    excerpt: 'Our editor’s honest account of two days, 2,300 metres of ascent and one spectacular sunrise.', author: 'rizal', tags: ['bucket-list', 'national-parks'], country: 'malaysia', city: 'kota-kinabalu', age: 60,
    hero: ['mountain', 'night_sky'],
    verdict: 'Hard, cold and completely worth it. Train properly, book early and trust your guide on the summit morning.',
    body: [
      ['p', 'I had been told Kinabalu was “just a long staircase”. It is, in the sense that Everest is just a hill. The first day climbs 1,400 metres in six kilometres, through forest so thick with moss and orchids that you forget to notice your legs until the last hour.'],
      ['p', 'Our guide, Jimmy, has climbed the mountain more than six hundred times. He set a pace I thought was comically slow and that turned out to be exactly right: we arrived at Laban Rata tired but fine, while faster groups limped in behind us.'],
      ['img', ['mountain', 'rainforest'], 'Cloud forest on the summit trail, about 2,800 metres up.'],
      ['h', 'The summit morning'],
      ['p', 'The alarm goes at 02:00. You climb by headtorch, then hold a rope across bare granite slabs in the dark, with the stars impossibly bright overhead. At Low’s Peak, a few minutes before six, the sky goes from black to violet to gold, and the shadow of the mountain stretches out across the clouds.'],
      ['list', false, ['What we loved: the guides, the flowers, the sunrise', 'What was hard: the cold on the summit, and the descent on tired legs', 'What to bring: gloves, a warm hat and walking poles']],
      ['item', 'Book it', 'Crocker Range Adventures handles permits, hut beds and the guide.', 'my-kinabalu-summit'],
    ],
  },
  {
    slug: 'tried-and-tested-cooking-with-ibu-made', title: 'Tried and Tested: Cooking with Ibu Made in Ubud', kind: 'tried_and_tested', category: 'food-and-culture',
    excerpt: 'A morning at the market, a stone mortar and the best pepes ikan of my life.', author: 'lucy', tags: ['street-food', 'meet-the-locals'], country: 'indonesia', city: 'ubud', age: 95,
    hero: ['rice_terraces', 'temple'],
    verdict: 'The most generous, personal cooking class we have taken in Asia. Go hungry and go in the morning for the market.',
    body: [
      ['p', 'Ibu Made does not so much teach as adopt you for the morning. She took my arm at the gate of Ubud market and steered me through the stalls, sniffing galangal, rejecting two bunches of lemongrass and bargaining, cheerfully, for snake fruit.'],
      ['p', 'Back in her family compound, under a frangipani tree, we ground base genep on a stone mortar until my arms ached. The paste went into everything: sate lilit wrapped around lemongrass sticks, a vegetable lawar and fish steamed in banana leaves.'],
      ['img', ['rice_terraces'], 'The family compound sits among rice fields on the edge of Ubud.'],
      ['quote', 'If the paste smells right, the food will be right.', 'Ibu Made'],
      ['item', 'Book it', 'Classes run twice daily; vegetarian menus on request.', 'id-cooking'],
    ],
  },
  {
    slug: 'ten-days-in-sri-lanka', title: 'Ten Days in Sri Lanka: Leopards, Tea and Whales', kind: 'itinerary', category: 'destinations',
    excerpt: 'A ten-day route through the Cultural Triangle, the hill country, Yala and the south coast.', author: 'anjali', tags: ['first-timers', 'bucket-list'], country: 'sri-lanka', age: 150,
    hero: ['mountain', 'savanna', 'coast'],
    body: [
      ['p', 'Sri Lanka is small enough to see a great deal in ten days, if you let the train and a good driver do the work. This route moves from the ancient cities of the dry zone to the cool hills and down to the wildlife of the south.'],
      ['day', 1, 'Sigiriya', 'Climb Pidurangala for sunrise over the Lion Rock, then spend the afternoon at Minneriya for the elephants.', ['sigiriya/hike']],
      ['day', 3, 'Kandy and the Knuckles', 'Temple of the Tooth, then two days trekking in the cloud forest.', ['kandy/hike']],
      ['day', 5, 'The train to Ella', 'The observation car through the tea country is a highlight in itself.', []],
      ['day', 6, 'Ella Rock', 'Sunrise on the rock and breakfast with a tea-estate family.', ['lk-ella-rock']],
      ['day', 8, 'Yala', 'A dawn game drive for leopards and sloth bears.', ['lk-yala-safari']],
      ['day', 10, 'Mirissa', 'Blue whales before the drive to Colombo.', ['lk-mirissa-whales']],
      ['img', ['mountain', 'rice_terraces'], 'Tea estates above Ella in the early morning.'],
    ],
  },
  {
    slug: 'watch-dawn-on-the-kinabatangan', title: 'Watch: Dawn on the Kinabatangan', kind: 'video', category: 'wildlife',
    excerpt: 'Four minutes on Borneo’s wildlife river as the mist lifts: hornbills, proboscis monkeys and a surprise visitor.', author: 'rizal', tags: ['national-parks', 'camera-skills'], country: 'malaysia', city: 'kinabatangan', age: 30,
    hero: ['river', 'rainforest'],
    body: [
      ['p', 'We spent three mornings with the boatmen of Sukau Riverkeepers filming the river at first light. This is what a good morning on the Kinabatangan looks like.'],
      ['p', 'Filmed from a small electric boat, with no animals disturbed. Sound recorded on location.'],
      ['item', 'Stay on the river', 'Two nights at the village-owned lodge with four boat safaris.', 'my-kinabatangan-lodge'],
    ],
  },
  {
    slug: 'gift-guide-for-nature-lovers', title: 'The Gift Guide for Nature Lovers', kind: 'list', category: 'travel-tips',
    excerpt: 'Ten experiences that make better presents than anything you can wrap.', author: 'mei-lin', tags: ['gift-ideas'], age: 20,
    hero: ['rainforest', 'lake'],
    body: [
      ['p', 'The best presents are the ones that become stories. These are the gift experiences our team has given, and received, this year. The recipient chooses the date, and every one supports a small local business.'],
      ['item', 'For the early riser', 'A private dawn birding walk at Sungei Buloh, with a scope and a species list.', 'sg-buloh-birding'],
      ['item', 'For the sailor', 'A sunset charter to Singapore’s southern islands.', 'sg-southern-sail'],
      ['item', 'For the summit-bagger', 'Two days to the top of Borneo.', 'my-kinabalu-summit'],
      ['item', 'For the paddler', 'Mangrove kayaking in Langkawi’s geopark.', 'my-kilim-kayak'],
      ['item', 'For the slow traveller', 'A night in a floating bungalow on Cheow Lan Lake.', 'th-cheow-lan'],
      ['item', 'For the cook', 'A morning in Ibu Made’s kitchen in Ubud.', 'id-cooking'],
      ['p', 'Not sure which? A gift card lets them choose anything on Verdant.'],
    ],
  },
  {
    slug: 'experiences-to-gift-this-festive-season', title: 'Experiences to Gift This Festive Season', kind: 'list', category: 'travel-tips',
    excerpt: 'From a whale-watching morning to a Himalayan trek, the festive gifts that will still be talked about next year.', author: 'tom', tags: ['gift-ideas', 'bucket-list'], age: 8,
    hero: ['mountain', 'coast'],
    body: [
      ['p', 'Skip the socks. This year, give a sunrise, a river or a mountain.'],
      ['item', 'Blue whales off Mirissa', 'A morning at sea with a marine naturalist.', 'lk-mirissa-whales'],
      ['item', 'Poon Hill trek', 'Four days in the Annapurna foothills.', 'np-poon-hill'],
      ['item', 'Hoi An farm cooking', 'Herbs, basket boats and a feast.', 'vn-hoi-an-cooking'],
      ['item', 'Angkor at sunrise by bike', 'The temples without the crowds.', 'kh-angkor-bike'],
      ['item', 'Kerala houseboat', 'A night on the backwaters.', 'in-alleppey-houseboat'],
      ['p', 'Gift experiences are delivered by email on the date you choose.'],
    ],
  },
  {
    slug: 'five-ways-to-cut-plastic-on-your-trip', title: 'Five Ways to Cut Plastic on Your Next Trip', kind: 'quick_read', category: 'sustainable-travel',
    excerpt: 'Simple swaps that keep tonnes of plastic out of Asia’s rivers and seas.', author: 'mei-lin', tags: ['responsible-travel', 'packing-and-gear'], age: 300,
    hero: ['coast', 'reef'],
    body: [
      ['p', 'Most plastic that reaches the sea in Asia enters through rivers, and tourism adds to it every day. These five habits make a real difference.'],
      ['list', true, [
        'Carry a filter bottle: most guesthouses and operators now offer refills.',
        'Pack a cloth bag and a spork.',
        'Say no to straws before the drink arrives.',
        'Choose operators tagged Refuses Single-Use Plastics.',
        'Take your rubbish home from remote islands, where there is no collection.',
      ]],
      ['img', ['reef', 'coast'], 'Healthy reefs depend on clean rivers upstream.'],
    ],
  },
  {
    slug: 'trekking-in-nepal-first-timers-guide', title: 'Trekking in Nepal: A First-Timer’s Guide', kind: 'complete_guide', category: 'adventure',
    excerpt: 'Permits, seasons, teahouses and how to choose a trek that suits you.', author: 'tom', tags: ['first-timers', 'packing-and-gear'], country: 'nepal', city: 'pokhara', age: 260,
    hero: ['mountain', 'temple'],
    body: [
      ['p', 'Nepal is the easiest place in the world to go trekking in the high mountains. Teahouse routes mean you carry only a day pack and sleep in a bed, and the hospitality along the trail is legendary.'],
      ['h', 'Choosing a trek'],
      ['p', 'For a first trek, choose something under a week that stays below 4,000 metres. Poon Hill and Ghandruk in the Annapurnas are ideal; the Langtang Valley and the Everest view trek to Tengboche are good next steps.'],
      ['h', 'When to go'],
      ['p', 'October and November bring the clearest skies; March and April the rhododendrons. The monsoon, from June to September, brings leeches and clouds.'],
      ['h', 'Permits'],
      ['p', 'Most treks need a conservation-area or national-park permit and a TIMS card. Licensed agencies arrange them for you.'],
      ['img', ['mountain'], 'The Annapurna range from Poon Hill at sunrise.'],
      ['h', 'Porters and guides'],
      ['p', 'Hiring a porter is one of the most direct ways your money reaches mountain families. Choose an agency that insures its staff and limits loads.'],
      ['item', 'Our favourite first trek', 'Four days to Poon Hill with Gurung guides.', 'np-poon-hill'],
      ['list', false, ['Broken-in boots', 'Down jacket for the mornings', 'Water filter or purification tablets', 'Headtorch', 'Cash in small notes']],
    ],
  },
  {
    slug: 'watch-paddling-under-the-qingshui-cliffs', title: 'Watch: Paddling Under the Qingshui Cliffs', kind: 'video', category: 'adventure',
    excerpt: 'Eight hundred metres of rock, a pebble beach and one very small kayak.', author: 'hana', tags: ['camera-skills'], country: 'taiwan', city: 'hualien', age: 75,
    hero: ['coast', 'mountain'],
    body: [
      ['p', 'Ming-Hao from Qingshui Sea Kayak took our camera out on a perfect calm morning. The scale of the cliffs is impossible to capture, but we tried.'],
      ['item', 'Paddle it yourself', 'Morning and afternoon departures when the swell is low.', 'tw-qingshui-kayak'],
    ],
  },
  {
    slug: 'what-to-pack-for-the-rainforest', title: 'What to Pack for the Rainforest', kind: 'quick_read', category: 'travel-tips',
    excerpt: 'Leech socks, quick-dry layers and the one thing everyone forgets.', author: 'rizal', tags: ['packing-and-gear', 'first-timers'], age: 400,
    hero: ['rainforest'],
    body: [
      ['p', 'The rainforest is hot, wet and wonderful. Pack light and pack smart.'],
      ['list', false, [
        'Quick-dry long trousers and long-sleeved shirts',
        'Leech socks (yes, really)',
        'A light rain jacket',
        'Trail shoes with good grip that can get wet',
        'A headtorch with a red light for night walks',
        'Binoculars: the thing everyone forgets',
      ]],
      ['item', 'Put it to use', 'A canopy walk and night trek in Taman Negara.', 'my-taman-night'],
    ],
  },
  {
    slug: 'tried-and-tested-leopard-safari-in-yala', title: 'Tried and Tested: A Dawn Leopard Safari in Yala', kind: 'tried_and_tested', category: 'wildlife',
    excerpt: 'Five hours, three leopards and a sloth bear. Was it luck or the tracker?', author: 'anjali', tags: ['national-parks', 'bucket-list'], country: 'sri-lanka', city: 'yala', age: 180,
    hero: ['savanna', 'lake'],
    verdict: 'The best-run safari we have done in Sri Lanka. Pay for the private jeep and go at gate opening.',
    body: [
      ['p', 'We were through the Palatupana gate at exactly six. Within twenty minutes Ruwan had his hand up: alarm calls from a troop of langurs, and fresh pugmarks in the sand.'],
      ['p', 'What impressed us most was not the leopards, though we saw three, but the restraint. When other jeeps arrived, our driver pulled back to give the cat space.'],
      ['img', ['savanna'], 'A rocky outcrop in Block 1, favourite resting place of Yala’s leopards.'],
      ['item', 'Book it', 'A private jeep for up to six with a naturalist tracker.', 'lk-yala-safari'],
    ],
  },
];
