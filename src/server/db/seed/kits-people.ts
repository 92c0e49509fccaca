// Composition kits for food, culture, wellness and eco stays.
import type { Kit } from './kit-types.ts';
import type { RoomSeed } from './option-model.ts';

export const FOOD: Kit = {
  act: 'food',
  imageThemes: ['rice_terraces', 'city_park', 'river'],
  openers: [
    'The food of {area} tells the story of the place: what grows here, who settled here and what they brought with them.',
    'Cooking with a local family is the quickest way into a culture, and {guide} has been cooking for the family since childhood.',
    'Start at the market, where {guide} will show you how to choose the freshest herbs, then head to the kitchen.',
    'Some of the best food in {country} is cooked in homes and sold from stalls, not served in restaurants.',
  ],
  middles: [
    'You will cook several dishes from scratch, grinding spice pastes by hand and learning the techniques that make them work.',
    'The class is hands-on, with a station for each guest, and ends with everyone eating together.',
    'Ingredients come from the family garden or the morning market, and recipes are sent home with you.',
    'Between dishes you will hear about festivals, family recipes and the farmers who grow the ingredients.',
  ],
  highlights: [
    'Hands-on cooking with a local family',
    'Morning market visit',
    'Seasonal ingredients from local farms',
    'Recipes to take home',
    'Eat everything you cook',
    'Vegetarian versions of every dish',
  ],
  inclusions: ['All ingredients', 'Meal and drinks', 'Recipes', 'Local host'],
  exclusions: ['Hotel transfers unless stated', 'Extra drinks'],
  faqs: [
    ['Can you cater for allergies?', 'Yes. Tell us when you book and we will adapt the menu.'],
    ['Is it suitable for children?', 'Yes, children love it, and there is a child price.'],
  ],
  suitable: ['couples', 'families', 'solo-travellers', 'seniors', 'kids'],
  themeTags: ['farm-to-table', 'rainy-day-friendly'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 4, sgd: [40, 110], minutes: [180, 300], times: [['09:00', '15:00'], ['08:30'], ['10:00'], ['17:30']], difficulty: ['easy'], capacity: [6, 12], childFriendly: true,
      names: ['Home Cooking Class in {area}', 'Market-to-Table Cooking with {guide}', 'Flavours of {area}: Cooking Class', '{area} Street Food Walk', 'Family Kitchen Cooking in {place}'],
      summaries: [
        'Shop at the market, then cook and eat a feast of local dishes with a family in {area}.',
        'A hands-on cooking class in a family kitchen, with recipes to take home.',
        'Eat your way through {area} with a local who knows which stalls are worth the queue.',
      ],
      steps: [
        [0, 'Market', 'Meet {guide} and shop for ingredients.'],
        [45, 'The kitchen', 'Welcome drink and introduction to the dishes.'],
        [60, 'Cooking', 'Cook several dishes step by step.'],
        [-45, 'Feast', 'Sit down together to eat.'],
      ],
    },
    {
      kind: 'short_adventure', model: 'addon', weight: 1, sgd: [150, 300], minutes: [180, 240], times: [['10:00'], ['16:00']], difficulty: ['easy'], trip: 'private', capacity: [6, 10], childFriendly: true,
      names: ['Private Cooking Class in {area}', 'Private Farm Lunch at {place}'],
      summaries: ['A private cooking class for your group in a family home in {area}.'],
      steps: [
        [0, 'Welcome', 'Arrive and meet the family.'],
        [20, 'Cooking', 'Cook together.'],
        [-60, 'Lunch', 'Eat what you cooked.'],
      ],
    },
  ],
};

export const CULTURE: Kit = {
  act: 'culture',
  imageThemes: ['temple', 'rice_terraces', 'river'],
  openers: [
    'This is a day about people: the craftspeople, farmers and elders who keep the traditions of {area} alive.',
    'The communities around {place} welcome visitors on their own terms, and {guide} is part of one of them.',
    'Behind the famous sights of {area} are neighbourhoods and villages where old skills are still practised every day.',
  ],
  middles: [
    'You will meet weavers, potters or woodcarvers in their homes, try your hand at their craft and hear how it has changed.',
    'Every visit is arranged in advance and every host is paid fairly for their time.',
    'There is time to talk, with your guide translating, and to share tea or a simple meal.',
  ],
  highlights: [
    'Meet craftspeople in their homes',
    'Try a traditional skill yourself',
    'Hosts paid directly and fairly',
    'Village lunch or tea',
    'Stories of local history and belief',
    'A guide from the community',
  ],
  inclusions: ['Local guide', 'Visits and workshops', 'Tea or lunch', 'Host fees'],
  exclusions: ['Purchases from artisans', 'Tips'],
  faqs: [
    ['Can I take photographs?', 'Usually yes, but always ask first. Your guide will help.'],
    ['What should I wear?', 'Modest clothing covering shoulders and knees for temples and homes.'],
  ],
  suitable: ['couples', 'families', 'seniors', 'solo-travellers'],
  themeTags: ['heritage-and-craft'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 4, sgd: [35, 100], minutes: [180, 360], times: [['08:30'], ['09:00', '14:00'], ['08:00']], difficulty: ['easy'], capacity: [6, 12], childFriendly: true,
      names: ['Makers and Markets of {area}', 'Artisans of {area} with {guide}', 'Crafts and Traditions of {area}', '{area} Heritage Walk', '{place} and the Old Crafts of {area}'],
      summaries: [
        'Meet the craftspeople and farmers around {area} in their homes, with a guide from the community.',
        'A half-day of village visits, traditional crafts and local stories around {area}.',
      ],
      steps: [
        [0, 'Meet your guide', 'Introduction to the community and its history.'],
        [30, 'First workshop', 'Visit an artisan and try the craft.'],
        [120, 'Tea with a family', 'Tea and conversation.'],
        [-40, 'Market or temple', 'A final visit before returning.'],
      ],
    },
    {
      kind: 'flexible_adventure', model: 'pp', weight: 1, sgd: [30, 70], minutes: [120, 240], times: [[]], difficulty: ['easy'], capacity: [10, 20], childFriendly: true,
      selfGuided: true,
      middles: [
        'Your pass includes a printed route with stories for each stop and a drop-in session at a partner workshop.',
        'Walk it in a morning or spread it over a day; the workshop is open from 09:00 to 16:00.',
      ],
      names: ['Self-Guided Heritage Trail of {area}', '{place} Audio Walk and Workshop Pass'],
      summaries: ['A flexible heritage pass: a route, stories and a workshop booking at {place}, on the day of your choice.'],
      steps: [
        [null, 'Collect your pass', 'Route map and stories.'],
        [null, 'Walk', 'Explore at your own pace.'],
        [null, 'Workshop', 'Drop in to a partner artisan.'],
      ],
    },
  ],
};

export const WELL: Kit = {
  act: 'well',
  imageThemes: ['lake', 'rainforest', 'mountain', 'rice_terraces'],
  openers: [
    'Slow down in {scene}, with nothing to do but breathe, stretch and listen.',
    'The quiet of {place} makes it a natural place for yoga and forest bathing.',
    'This is an experience about doing less and noticing more, guided by {guide}.',
  ],
  middles: [
    'The session combines gentle yoga, breathing and a slow, silent walk, suitable for all levels.',
    'Afterwards there is herbal tea and a light, healthy meal made from local produce.',
    'Mats and cushions are provided; bring comfortable clothes and an open mind.',
  ],
  highlights: [
    'Gentle yoga suitable for all levels',
    'Guided forest bathing walk',
    'Herbal tea and a healthy meal',
    'Peaceful natural setting',
    'Small, quiet groups',
  ],
  inclusions: ['Instructor', 'Mats and props', 'Herbal tea and light meal'],
  exclusions: ['Transport'],
  faqs: [
    ['Do I need yoga experience?', 'No. Sessions are gentle and adapted to everyone.'],
    ['What should I bring?', 'Comfortable clothes, a water bottle and insect repellent.'],
  ],
  suitable: ['couples', 'solo-travellers', 'seniors'],
  themeTags: ['slow-travel'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 3, sgd: [30, 90], minutes: [120, 240], times: [['06:30'], ['07:00', '16:30'], ['17:00']], difficulty: ['easy'], capacity: [6, 12],
      names: ['{Daypart} Yoga and Forest Bathing at {place}', 'Forest Bathing in {place}', 'Sunrise Yoga above {area}', 'Mindful Nature Walk at {place}'],
      summaries: [
        'A gentle {daypart} of yoga, breathing and slow walking in {scene}.',
        'Forest bathing and yoga in a peaceful corner of {place}, followed by herbal tea.',
      ],
      steps: [
        [0, 'Arrive', 'Settle in with herbal tea.'],
        [15, 'Yoga', 'Gentle yoga and breathing.'],
        [75, 'Forest bathing', 'A slow, silent walk.'],
        [-20, 'Tea', 'A light meal and time to reflect.'],
      ],
    },
    {
      kind: 'flexible_adventure', model: 'pp', weight: 2, sgd: [40, 110], minutes: [180, 360], times: [[]], difficulty: ['easy'], capacity: [10, 20],
      selfGuided: true,
      middles: [
        'The pass includes any of the day’s classes, use of the bathing pools and a healthy lunch from the garden.',
        'Arrive any time in the morning and stay as long as you like; towels and mats are provided.',
      ],
      names: ['Wellness Day Pass at {place}', 'Hot Springs and Yoga Day, {area}'],
      summaries: ['A flexible day pass with classes, bathing and a healthy lunch, any day you choose.'],
      steps: [
        [null, 'Arrive', 'Check in any time in the morning.'],
        [null, 'Classes', 'Join any of the day’s sessions.'],
        [null, 'Lunch', 'A healthy lunch from the garden.'],
      ],
    },
  ],
};

export const STAY: Kit = {
  act: 'stay',
  imageThemes: ['lake', 'rainforest', 'mountain', 'rice_terraces'],
  openers: [
    'Wake up in {scene}, with the first light coming through the trees and nothing planned before breakfast.',
    'This is a place to stay a little longer than you intended: simple, comfortable and run by people who love where they live.',
    'The lodge sits on the edge of {place}, close enough to hear the forest at night and far enough from the road to hear nothing else.',
    'Staying here supports the community around {place}: staff are local, food is grown nearby and profits stay in the area.',
  ],
  middles: [
    'Rooms are simple but comfortable, built from local materials, with fans, mosquito nets and views.',
    'Meals are cooked from local produce and served together, and the hosts can arrange walks and outings from the door.',
    'Prices are per room per night and include breakfast; other meals and outings can be added.',
    'Energy comes from solar panels, water is filtered on site and there is no single-use plastic.',
  ],
  highlights: [
    'Simple, comfortable rooms in a beautiful setting',
    'Locally owned and run',
    'Meals from local produce',
    'Walks and outings from the door',
    'Solar power and filtered water',
    'A peaceful base for exploring {area}',
  ],
  inclusions: ['Room for the night', 'Breakfast', 'Filtered drinking water', 'Wi-Fi in common areas'],
  exclusions: ['Lunch and dinner unless stated', 'Guided outings'],
  faqs: [
    ['What time is check-in?', 'From 14:00; check-out by 11:00.'],
    ['Is there air conditioning?', 'Most rooms have fans; the setting keeps nights cool.'],
  ],
  suitable: ['couples', 'families', 'seniors', 'solo-travellers', 'groups'],
  themeTags: ['slow-travel'],
  variants: [
    {
      kind: 'stay', model: 'room', weight: 3, sgd: [90, 260], nights: [1, 2], times: [['14:00']], difficulty: ['easy'], capacity: [16, 40], rooms: 'lodge',
      names: ['{place} Eco Lodge', 'Forest Lodge near {place}', '{area} Nature Lodge', 'Lodge at the Edge of {place}'],
      summaries: ['A locally run lodge near {place}, with simple rooms, local food and walks from the door.', 'Stay in the heart of {scene} at a small lodge that gives back to its community.'],
      steps: [
        ['14:00', 'Check in', 'Welcome drink and a walk around the grounds.'],
        ['19:00', 'Dinner', 'Optional dinner from the lodge kitchen.'],
        ['07:00', 'Morning', 'Breakfast, then a walk from the door.'],
      ],
    },
    {
      kind: 'stay', model: 'room', weight: 2, sgd: [40, 110], nights: [1, 2], times: [['15:00']], difficulty: ['easy'], capacity: [8, 16], rooms: 'homestay',
      names: ['Family Homestay in {place}', '{area} Village Homestay', 'Homestay with {guide}’s Family'],
      summaries: ['Stay with a local family in {place}, share their meals and see daily life up close.'],
      steps: [
        ['15:00', 'Arrive', 'Meet your host family.'],
        ['18:00', 'Dinner together', 'Help cook and eat with the family.'],
        ['07:00', 'Morning', 'Breakfast and a walk around the village.'],
      ],
    },
    {
      kind: 'stay', model: 'room', weight: 1, sgd: [120, 300], nights: [1, 2], times: [['14:00']], difficulty: ['easy'], capacity: [10, 24], rooms: 'glamping',
      names: ['Glamping at {place}', 'Safari Tents near {place}'],
      summaries: ['Comfortable tents with proper beds in {scene}, with campfire dinners and starry nights.'],
      steps: [
        ['14:00', 'Check in', 'Settle into your tent.'],
        ['19:00', 'Campfire dinner', 'Dinner around the fire.'],
        ['06:30', 'Sunrise', 'Coffee as the sun comes up.'],
      ],
    },
    {
      kind: 'stay', model: 'room', weight: 1, sgd: [60, 160], nights: [1, 3], times: [['15:00']], difficulty: ['easy'], capacity: [12, 30], rooms: 'cabin',
      names: ['Cabins at {place}', 'Cabins and Bunkhouse at {place}', 'Trailside Cabins near {area}'],
      summaries: ['Cabins, studios and a bunkhouse near {place}, a friendly base for walkers and paddlers.'],
      steps: [
        ['15:00', 'Check in', 'Collect your key and trail maps.'],
        ['18:30', 'Shared dinner', 'Optional shared dinner.'],
        ['07:00', 'Breakfast', 'Breakfast and an early start.'],
      ],
    },
  ],
};

/** Room sets for composed stays; price is a multiple of the double-room price. */
export const ROOM_SETS: Record<'lodge' | 'homestay' | 'glamping' | 'cabin', (Omit<RoomSeed, 'price'> & { factor: number })[]> = {
  lodge: [
    { type: 'double', privacy: 'private', name: 'Garden Double Room', guests: 2, factor: 1, qty: 6 },
    { type: 'twin', privacy: 'private', name: 'Twin Room', guests: 2, factor: 1, qty: 4 },
    { type: 'suite', privacy: 'private', name: 'Forest View Suite', guests: 2, factor: 1.7, qty: 1 },
    { type: 'family', privacy: 'private', name: 'Family Room', guests: 4, factor: 1.6, qty: 2 },
  ],
  homestay: [
    { type: 'double', privacy: 'private', name: 'Private Double Room', guests: 2, factor: 1, qty: 2 },
    { type: 'single', privacy: 'private', name: 'Single Room', guests: 1, factor: 0.7, qty: 1 },
    { type: 'dorm', privacy: 'shared', name: 'Shared Family Loft (sleeps 6)', guests: 6, factor: 1.8, qty: 1 },
  ],
  glamping: [
    { type: 'double', privacy: 'private', name: 'Safari Tent, Double', guests: 2, factor: 1, qty: 6 },
    { type: 'triple', privacy: 'private', name: 'Safari Tent, Triple', guests: 3, factor: 1.3, qty: 3 },
    { type: 'family', privacy: 'private', name: 'Family Tent', guests: 4, factor: 1.5, qty: 2 },
  ],
  cabin: [
    { type: 'studio', privacy: 'private', name: 'Studio Cabin', guests: 2, factor: 1.1, qty: 4 },
    { type: 'double', privacy: 'private', name: 'Double Cabin', guests: 2, factor: 1, qty: 4 },
    { type: 'dorm_bed', privacy: 'shared', name: 'Bunk in the Shared Dorm', guests: 1, factor: 0.3, qty: 12 },
  ],
};
