// Composition kits for wildlife, birding and photography.
import type { Kit } from './kit-types.ts';

export const WILD: Kit = {
  act: 'wild',
  imageThemes: ['rainforest', 'savanna', 'river'],
  openers: [
    '{place} is one of the best places in {country} to see wild animals behaving naturally, in their own habitat and on their own terms.',
    'Wildlife watching is about patience and knowing where to look. {guide} has spent years learning both around {place}.',
    'The animals of {scene} are most active in the cool hours, which is when this trip goes looking for them.',
    'Nothing here is staged: no feeding, no baiting and no captive animals, just wild creatures and a guide who knows their habits.',
  ],
  middles: [
    'Your naturalist reads tracks, listens for alarm calls and knows the trees where animals feed at this time of year.',
    'Groups are small and quiet, and the guide keeps a respectful distance at every sighting so the animals stay relaxed.',
    'Between sightings you will learn about the ecology of the area and the conservation work that protects it.',
    'Binoculars are provided, and your guide carries a scope for distant sightings and photographs through it with your phone.',
  ],
  highlights: [
    'Observation-only wildlife encounters',
    'Expert naturalist guide',
    'Loan binoculars and a spotting scope',
    'Small, quiet groups for better sightings',
    'Learn about local conservation work',
    'Timed for the most active hours',
  ],
  inclusions: ['Naturalist guide', 'Loan binoculars', 'Park entry fees', 'Drinking water'],
  exclusions: ['Camera fees where charged', 'Tips'],
  faqs: [
    ['Are sightings guaranteed?', 'No, these are wild animals, but our guides know where and when to look.'],
    ['Do you feed or touch animals?', 'Never. All our wildlife experiences are observation only.'],
  ],
  suitable: ['families', 'couples', 'seniors', 'solo-travellers'],
  themeTags: ['jungle-and-rainforest'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 4, sgd: [40, 130], minutes: [150, 360], times: [['06:00'], ['06:30', '15:00'], ['05:30'], ['19:30']], difficulty: ['easy'], capacity: [6, 12], childFriendly: true, minAge: 6,
      names: ['{Daypart} Wildlife Walk in {place}', 'Wildlife Safari at {place}', '{place} Wildlife Tracking with {guide}', '{Daypart} Safari in {place}', 'Wild {area}: A Naturalist’s Walk'],
      summaries: [
        'A {daypart} search for the wildlife of {place} with a naturalist who knows every tree and track.',
        'Look for wild animals in {scene}, observation only, with loan binoculars and an expert guide.',
        'A small-group wildlife outing at {place}, timed for the hours when animals are most active.',
      ],
      steps: [
        [0, 'Meet your naturalist', 'Briefing on what we hope to see and how to watch without disturbing.'],
        [15, 'Into the habitat', 'Walk or drive slowly, scanning for movement.'],
        [90, 'Quiet watch', 'Wait at a favourite spot where animals come to feed or drink.'],
        [-20, 'Wrap-up', 'Go through the day’s sightings.'],
      ],
    },
    {
      kind: 'short_adventure', model: 'addon', weight: 2, sgd: [180, 420], minutes: [180, 420], times: [['05:30'], ['06:00'], ['14:30']], difficulty: ['easy'], trip: 'private', capacity: [4, 6], childFriendly: true,
      names: ['Private Wildlife Day at {place}', 'Private Naturalist Outing at {place}'],
      summaries: ['A private naturalist and transport for your group at {place}, for the best chance of sightings.'],
      steps: [
        [0, 'Pickup', 'Your naturalist collects you.'],
        [30, 'In the field', 'Explore the best areas at your own pace.'],
        [-40, 'Return', 'Drive back to {area}.'],
      ],
    },
    {
      kind: 'short_adventure', model: 'addon', weight: 2, sgd: [150, 360], minutes: [180, 360], times: [['05:30'], ['06:00', '14:30']], difficulty: ['easy'], trip: 'private', capacity: [4, 6], childFriendly: true, onlyIn: ['yala', 'sigiriya', 'ranthambore', 'chitwan'],
      names: ['Private Jeep Safari in {place}', '{Daypart} Jeep Safari at {place}'],
      summaries: ['A private jeep, driver and naturalist in {place}, entering as the gates open.'],
      steps: [
        [0, 'Pickup', 'Your jeep collects you from your hotel.'],
        [30, 'Game drive', 'Track the park’s wildlife with engines off at every sighting.'],
        [-30, 'Return', 'Drive back to {area}.'],
      ],
    },
    {
      kind: 'adventure', model: 'pp', weight: 1, sgd: [220, 600], days: [2, 3], times: [['08:00']], difficulty: ['moderate'], capacity: [6, 10], minAge: 10,
      names: ['{Days}-Day Wildlife Expedition in {place}', 'Tracking Wildlife in {place}, {Days} Days'],
      summaries: ['{Days} days with a naturalist in {place}, with dawn and dusk outings for the best sightings.'],
      steps: [
        ['08:00', 'Day 1: Arrive', 'Travel in and an afternoon outing.'],
        ['05:30', 'Day 2: Dawn and dusk', 'The best hours in the field.'],
        ['06:00', 'Last day: Final search', 'A last morning before returning to {area}.'],
      ],
    },
  ],
};

export const BIRD: Kit = {
  act: 'bird',
  imageThemes: ['rainforest', 'lake', 'river', 'savanna'],
  openers: [
    'More than a few of the birds of {place} are found nowhere else, and many more are easier to see here than anywhere in {country}.',
    'Birding is about being in the right place at the right time. At {place}, that means first light, when the forest is loudest.',
    '{guide} finds most birds by ear before seeing them, and will teach you to recognise the common calls by the end of the walk.',
  ],
  middles: [
    'The walk is slow and quiet, with long stops at fruiting trees, forest edges and water where birds gather.',
    'A spotting scope and loan binoculars make distant birds clear, and your guide will help you photograph them through the scope.',
    'You will finish with a species list for the day, often fifty or more, emailed to you afterwards.',
  ],
  highlights: [
    'Dawn birding when activity peaks',
    'Expert guide who identifies birds by call',
    'Spotting scope and loan binoculars',
    'Species list emailed after the trip',
    'Look for regional endemics and migrants',
    'Suitable for beginners and keen birders alike',
  ],
  inclusions: ['Birding guide', 'Spotting scope and loan binoculars', 'Species checklist', 'Coffee and snacks'],
  exclusions: ['Transport to the site', 'Field guide (available to borrow)'],
  faqs: [
    ['I am not a birder. Will I enjoy it?', 'Yes. Guides love introducing beginners to birds, and the setting alone is worth the early start.'],
    ['What is the best season?', 'Most sites are good all year; migrants arrive from about September to March.'],
  ],
  suitable: ['couples', 'seniors', 'solo-travellers', 'families'],
  themeTags: ['sunrise-and-stargazing'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 4, sgd: [45, 120], minutes: [180, 300], times: [['06:00'], ['06:30'], ['05:45'], ['07:00']], difficulty: ['easy'], capacity: [6, 10], childFriendly: true, minAge: 8,
      names: ['Dawn Birding Walk in {place}', 'Birds of {place} with {guide}', 'Morning Birdwatching at {place}', '{area} Birding for Beginners'],
      summaries: [
        'A dawn walk with an expert birder at {place}, when the forest is at its most active.',
        'Discover the birds of {place} with a guide who finds them by ear, scope and binoculars provided.',
      ],
      steps: [
        [0, 'First light', 'Meet your guide as the birds begin to call.'],
        [15, 'Forest edge', 'Slow walk along the edge of {place}.'],
        [100, 'Water and clearings', 'Scan open areas for raptors and waterbirds.'],
        [-20, 'Checklist', 'Coffee and the day’s species list.'],
      ],
    },
    {
      kind: 'short_adventure', model: 'minpax', weight: 2, sgd: [90, 180], minutes: [360, 660], times: [['05:30']], difficulty: ['easy'], trip: 'private', capacity: [2, 6],
      names: ['Private Full-Day Birding at {place}', 'Private Birding Day in {area} with {guide}'],
      summaries: ['A private full day of birding around {place}, planned around the species you most want to see.'],
      steps: [
        [0, 'Pickup', 'Early start with your guide.'],
        [60, 'Morning sites', 'The richest habitats at the best time.'],
        [300, 'Lunch', 'Lunch in the field.'],
        [-90, 'Afternoon', 'A final site for specialities.'],
      ],
    },
  ],
};

export const PHOTO: Kit = {
  act: 'photo',
  imageThemes: ['mountain', 'lake', 'rice_terraces', 'night_sky'],
  openers: [
    'Photographers come to {area} for the light, and {place} is where it is at its best.',
    'The difference between a snapshot and a photograph is usually where you stand and when. {guide} knows both at {place}.',
    '{scene} is one of the most photogenic landscapes in {country}, especially {season}.',
  ],
  middles: [
    'The trip is timed around the light, with arrival at the first viewpoint well before the best moment.',
    'Your guide is a working photographer and will help with composition and settings, whatever camera or phone you use.',
    'Between viewpoints you will photograph village life, always with permission and respect.',
  ],
  highlights: [
    'Viewpoints chosen for the best light',
    'Guidance from a working photographer',
    'For phones and cameras alike',
    'Small groups with room for tripods',
    'Golden-hour timing',
    'Respectful street and village photography',
  ],
  inclusions: ['Photographer guide', 'Transport between viewpoints', 'Snacks and water'],
  exclusions: ['Camera equipment', 'Drone permits'],
  faqs: [
    ['Do I need a professional camera?', 'No. A phone is fine, and your guide will help you get the best from it.'],
    ['What if it is cloudy?', 'Clouds often make the best photographs. We adapt the route to the conditions.'],
  ],
  suitable: ['couples', 'solo-travellers', 'seniors'],
  themeTags: ['sunrise-and-stargazing'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 3, sgd: [50, 140], minutes: [180, 360], times: [['05:00'], ['05:30'], ['15:30'], ['16:00']], difficulty: ['easy'], capacity: [4, 8],
      names: ['{Daypart} Photography at {place}', 'Photograph {place} with a Pro', 'Golden Light at {place}: Photo Tour', '{area} Landscape Photography'],
      summaries: [
        'A {daypart} photography outing at {place} with a working photographer, for phones and cameras alike.',
        'Learn to photograph {scene} at its best, with viewpoints chosen for the light.',
      ],
      steps: [
        [0, 'Meet', 'Meet your photographer guide and talk through settings.'],
        [30, 'First viewpoint', 'Set up before the best light.'],
        [120, 'Second location', 'Villages and details.'],
        [-20, 'Review', 'Look through your images together.'],
      ],
    },
    {
      kind: 'flexible_adventure', model: 'addon', weight: 2, sgd: [180, 380], minutes: [240, 480], times: [[]], difficulty: ['easy'], trip: 'private', capacity: [3, 6],
      names: ['Private Photography Day in {area}, Your Timing', 'Flexible Private Photo Tour of {place}'],
      summaries: ['A private photographer guide for your chosen day and hours, to photograph {place} your way.'],
      steps: [
        [null, 'Plan', 'Agree your timing and subjects in advance.'],
        [null, 'Shoot', 'Visit the locations that suit the light.'],
        [null, 'Review', 'Feedback on your favourite images.'],
      ],
    },
  ],
};
