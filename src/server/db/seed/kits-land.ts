// Composition kits for land adventures: hiking, climbing, camping, caving, cycling, rafting.
import type { Kit } from './kit-types.ts';

const DAY_TIMES = [['07:00'], ['07:30'], ['08:00'], ['08:30', '13:30'], ['06:30']];

export const HIKE: Kit = {
  act: 'hike',
  imageThemes: ['mountain', 'rainforest', 'rice_terraces'],
  openers: [
    'The trails of {place} are some of the most rewarding in {country}, and the best way to walk them is with someone who grew up nearby.',
    'Few visitors to {area} realise how quickly the roads give way to forest. Within minutes of the trailhead you are walking through {scene}, with only birdsong for company.',
    'This is a walk for people who like to understand what they are looking at. Every few hundred metres {guide} stops to point out a medicinal plant, an animal track or a view that explains the shape of the land.',
    '{place} rewards an early start: the air is cool, the light is soft and the wildlife is still moving.',
    'Walking is the oldest way to travel through {scene}, and still the best.',
  ],
  middles: [
    'The route follows old footpaths used by farmers and traders long before anyone walked them for pleasure, climbing steadily to a viewpoint where you stop for tea and fruit.',
    'There are stream crossings, short steep sections and long stretches under the canopy, with regular rests and time to take photographs.',
    'Along the way you will pass small farms and shrines, and your guide will explain how the communities here live with and from the forest.',
    'Expect a mix of shaded forest trail and open ridge, with a long break at the top to take in the view before the descent.',
    'The pace is set by the group, not the clock, and there is always time to stop for an interesting insect or a better view.',
  ],
  highlights: [
    'Walk with a local guide who knows the trail and its stories',
    'Panoramic viewpoint over {scene}',
    'Look for birds, butterflies and animal tracks along the way',
    'Small groups on quiet paths away from the main tourist routes',
    'Tea and seasonal fruit at the halfway point',
    'Learn about medicinal plants and traditional forest uses',
    'Finish with a local lunch or coffee in {area}',
    'Suitable for anyone who walks regularly',
  ],
  inclusions: ['Local guide', 'Drinking water refills', 'Snacks and seasonal fruit', 'First-aid kit', 'Park or trail fees'],
  exclusions: ['Hiking shoes', 'Personal travel insurance', 'Tips'],
  faqs: [
    ['What should I wear?', 'Comfortable walking shoes with good grip, breathable clothing, a hat and a light rain jacket.'],
    ['How fit do I need to be?', 'You should be comfortable walking for several hours with some uphill sections. Tell us about any concerns when booking.'],
    ['What happens in heavy rain?', 'We may shorten or reroute the walk for safety; if it cannot run at all you can reschedule or receive a refund.'],
  ],
  suitable: ['solo-travellers', 'couples', 'groups', 'families'],
  themeTags: ['mountain-escapes'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 5, sgd: [40, 110], minutes: [180, 420], times: DAY_TIMES, difficulty: ['easy', 'moderate'], capacity: [8, 14], childFriendly: true, minAge: 8,
      names: ['Guided Forest Hike in {place}', '{place} Ridge Walk with a Local Guide', 'Hidden Trails of {area}', '{Daypart} Hike to the Viewpoints of {place}', '{place} Nature Trail with {guide}', 'Half-Day Hike in {place}'],
      summaries: [
        'A guided half-day on the trails of {place}, with a local guide who knows every turn and the best places to stop.',
        'Leave the roads behind for a walk through {scene}, paced for conversation and frequent stops.',
        'Walk quiet paths through {scene} with {guide}, finishing before the heat of the day.',
        'A {daypart} walk to the best viewpoints of {place}, with tea at the top and stories all the way.',
      ],
      steps: [
        [0, 'Meet at the trailhead', 'Meet {guide} for a short briefing, a look at the route and a water refill.'],
        [20, 'Into the forest', 'The trail climbs gently under the canopy, with stops to look for birds and tracks.'],
        [110, 'Viewpoint', 'Tea, fruit and time to take in the view over {scene}.'],
        [-60, 'The way down', 'Descend by a different path past farms and streams.'],
        [-10, 'Finish', 'Back at the trailhead.'],
      ],
    },
    {
      kind: 'short_adventure', model: 'addon', weight: 2, sgd: [160, 340], minutes: [240, 480], times: DAY_TIMES, difficulty: ['moderate'], trip: 'private', capacity: [6, 8], childFriendly: true,
      names: ['Private Guided Hike at {place}', 'Private Day Walk through {place}', '{place} Private Trail Day'],
      summaries: [
        'Your own guide and your own pace on the trails of {place}: ideal for families and friends travelling together.',
        'A private day walk through {scene}, planned around your group’s fitness and interests.',
      ],
      steps: [
        [0, 'Hotel pickup', 'Your guide meets you and drives to the trailhead.'],
        [45, 'On the trail', 'Walk at your own pace, with the route adjusted to your group.'],
        [150, 'Picnic', 'A picnic lunch at a favourite spot of {guide}.'],
        [-45, 'Return', 'Walk out and drive back to {area}.'],
      ],
    },
    {
      kind: 'adventure', model: 'pp', weight: 2, sgd: [180, 520], days: [2, 4], times: [['07:00'], ['07:30'], ['08:00']], difficulty: ['moderate', 'challenging'], capacity: [6, 12], minAge: 12,
      names: ['{Days}-Day Trek in the Hills around {area}', '{area} Hills Trek with Village Stays, {Days} Days', 'The {area} Traverse: a {Days}-Day Trek', 'Villages and Viewpoints of {area}, {Days} Days'],
      summaries: [
        'A {days}-day trek through {scene}, sleeping in village homes and mountain huts along the way.',
        '{Days} days on foot across {place}, with a local guide, a porter for the heavy bags and nights with families along the trail.',
      ],
      steps: [
        ['07:30', 'Day 1: To the trailhead', 'Drive from {area} and walk to the first night’s stop, getting used to the rhythm of the trail.'],
        ['07:00', 'Day 2: The high section', 'The longest day, crossing the highest ground with the best views of the trek.'],
        ['08:00', 'Final day: Down to the valley', 'A gentler descent and the drive back to {area}, arriving in the late afternoon.'],
      ],
    },
  ],
};

export const CLIMB: Kit = {
  act: 'climb',
  imageThemes: ['mountain', 'coast', 'cave'],
  openers: [
    'The rock around {place} is made for climbing, and local climbers have spent years bolting routes for every level.',
    'Climbing is the closest way to meet the landscape of {area}: hands on the rock, eyes on the view.',
    'You do not need to have climbed before. {guide} starts with the basics on an easy wall and moves on only when you are ready.',
  ],
  middles: [
    'After knots, belaying and a few minutes of movement practice, you will climb several routes of increasing difficulty, each with a better view.',
    'Routes are chosen to match the group, and instructors climb beside beginners to coach them through the harder moves.',
    'Between climbs there is time to rest in the shade, swap stories and watch experienced climbers on the harder lines.',
  ],
  highlights: [
    'Climb several routes on natural rock',
    'Certified instructor with a low climber-to-guide ratio',
    'All technical equipment provided',
    'Views over {scene} from the top of each route',
    'Suitable for beginners and improvers',
    'Learn to belay and tie in safely',
  ],
  inclusions: ['Certified instructor', 'Harness, helmet, climbing shoes and chalk', 'Ropes and technical gear', 'Drinking water', 'Insurance'],
  exclusions: ['Transport to the crag', 'Lunch'],
  faqs: [
    ['I have never climbed. Is that OK?', 'Yes. Most of our climbers are beginners, and instructors adapt the routes to you.'],
    ['What should I wear?', 'Clothes you can move in easily. We provide shoes, harness and helmet.'],
  ],
  suitable: ['couples', 'solo-travellers', 'groups'],
  themeTags: ['adrenaline'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 4, sgd: [60, 140], minutes: [180, 360], times: [['08:30', '13:30'], ['08:00'], ['09:00', '14:00']], difficulty: ['moderate'], capacity: [6, 9], minAge: 8, childFriendly: true,
      names: ['Beginner Rock Climbing at {place}', 'Half-Day Climbing Course in {area}', '{place} Climbing for First-Timers', 'Climb the Crags of {place}'],
      summaries: [
        'A half-day introduction to climbing on the natural rock of {place}, with a certified instructor and all the gear.',
        'Learn the ropes on the crags around {area}, from your first knot to your first summit.',
      ],
      steps: [
        [0, 'Gear up', 'Meet at the base, fit your harness and learn the safety basics.'],
        [30, 'First climbs', 'Easy routes to learn the movement.'],
        [120, 'Harder routes', 'Try steeper climbs as your confidence grows.'],
        [-15, 'Finish', 'Pack up and walk out.'],
      ],
    },
    {
      kind: 'short_adventure', model: 'minpax', weight: 1, sgd: [90, 180], minutes: [300, 480], times: [['08:00']], difficulty: ['challenging'], trip: 'private', capacity: [4, 6], minAge: 14,
      names: ['Private Multi-Pitch Climb at {place}', 'Full-Day Private Climbing in {place}'],
      summaries: ['A private full day on longer routes around {place} for climbers with some experience.'],
      steps: [
        [0, 'Meet your guide', 'Gear check and route plan.'],
        [30, 'Approach', 'Walk in to the wall.'],
        [60, 'Climbing', 'Multi-pitch routes with your guide.'],
        [-30, 'Descent', 'Abseil and walk out.'],
      ],
    },
  ],
};

export const CAMP: Kit = {
  act: 'camp',
  imageThemes: ['night_sky', 'mountain', 'river'],
  openers: [
    'Some places are best at night. Camping near {place} means the stars, the sounds of the forest and a sunrise you do not have to drive to.',
    'There are no lodges where we are going, just a flat patch of ground near {place}, a fire and a sky full of stars.',
    'A night outdoors in {scene} changes how you see it: the forest is noisier, the sky is bigger and the dawn arrives slowly.',
  ],
  middles: [
    'Your guides set up camp, cook dinner over a fire and make sure you are warm and comfortable, leaving no trace when you go.',
    'Afternoons are for a walk or a swim, evenings for dinner around the fire and, on clear nights, a guided look at the stars.',
    'Everything is carried in and everything is carried out. Tents, mats and sleeping bags are provided and kept in good condition.',
  ],
  highlights: [
    'A night under canvas near {place}',
    'Dinner cooked over an open fire',
    'Stargazing far from city lights',
    'Sunrise from camp',
    'Tents, mats and sleeping bags provided',
    'Leave No Trace camp run by local guides',
  ],
  inclusions: ['Tents, mats and sleeping bags', 'Dinner, breakfast and lunch', 'Guides and camp crew', 'Drinking water'],
  exclusions: ['Personal torch', 'Alcohol'],
  faqs: [
    ['Are there toilets?', 'A simple camp toilet tent is set up away from the sleeping area.'],
    ['Will it be cold?', 'Nights can be cool. We provide sleeping bags; bring a warm layer.'],
  ],
  suitable: ['groups', 'couples', 'families', 'solo-travellers'],
  themeTags: ['sunrise-and-stargazing'],
  variants: [
    {
      kind: 'adventure', model: 'pp', weight: 3, sgd: [120, 300], days: [2, 2], times: [['14:00'], ['15:00'], ['13:00']], difficulty: ['easy', 'moderate'], capacity: [8, 16], childFriendly: true, minAge: 6,
      names: ['Overnight Camp at {place}', 'Stargazing Camp near {place}', '{area} Wild Camp, Two Days', 'Wild Camping at {place}'],
      summaries: [
        'An overnight camp near {place} with dinner by the fire, stars overhead and sunrise from your tent.',
        'Spend a night outdoors in {scene}, with local guides doing the cooking and the heavy lifting.',
      ],
      steps: [
        ['14:00', 'Day 1: Walk in', 'Short walk to the campsite and set up.'],
        ['18:30', 'Dinner by the fire', 'Dinner cooked on the fire, then stargazing.'],
        ['06:00', 'Day 2: Sunrise', 'Sunrise, breakfast and walk out by late morning.'],
      ],
    },
    {
      kind: 'adventure', model: 'addon', weight: 1, sgd: [380, 700], days: [2, 3], times: [['13:00']], difficulty: ['moderate'], trip: 'private', capacity: [6, 8],
      names: ['Private Camping Expedition at {place}', 'Private {Days}-Day Camp in {place}'],
      summaries: ['Your own camp in {scene}, with a guide and cook for your group.'],
      steps: [
        ['13:00', 'Day 1: Into the wild', 'Walk in and make camp.'],
        ['08:00', 'Day 2: Explore', 'A day exploring around camp.'],
        ['09:00', 'Last day: Walk out', 'Break camp and return to {area}.'],
      ],
    },
  ],
};

export const CAVE: Kit = {
  act: 'cave',
  imageThemes: ['cave', 'rainforest'],
  openers: [
    'The limestone around {place} is riddled with caves, and only a few are open to visitors with a specialist guide.',
    'Caving is a journey into a world few people see: rivers that run in the dark, chambers big enough to hold a cathedral, and formations that have grown a centimetre a century.',
    'Underground, {scene} takes on a completely different form.',
  ],
  middles: [
    'You will wade, scramble and squeeze, all with helmets, headlamps and guides who know the cave intimately.',
    'Your guide explains how the cave formed, which animals live in the permanent dark and why touching the formations damages them.',
    'There are no lights inside except the ones you carry, and at one point the group turns them off to experience total darkness.',
  ],
  highlights: [
    'Explore a cave with a specialist guide',
    'Helmets, headlamps and safety gear provided',
    'Spectacular formations and underground streams',
    'Learn how the karst landscape was formed',
    'Small groups for minimal impact',
    'Swim or wade through an underground river',
  ],
  inclusions: ['Cave guide', 'Helmet and headlamp', 'Cave entry fee', 'Snacks and water'],
  exclusions: ['Shoes suitable for water (available to buy)'],
  faqs: [
    ['Is it claustrophobic?', 'Some passages are low or narrow. Tell your guide if you are worried; there is usually a way around.'],
    ['Will I get wet?', 'Yes. Wear quick-drying clothes and bring a change for afterwards.'],
  ],
  suitable: ['couples', 'groups', 'solo-travellers'],
  themeTags: ['off-the-beaten-path', 'rainy-day-friendly'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 4, sgd: [50, 150], minutes: [180, 420], times: [['08:00'], ['09:00', '13:30'], ['08:30']], difficulty: ['moderate', 'challenging'], capacity: [6, 12], minAge: 10,
      names: ['Wild Cave Adventure near {place}', 'River Cave Exploration in {area}', '{place} Caving Day', 'Underground {area}: A Half-Day Cave Trip'],
      summaries: [
        'Helmets on, headlamps on: explore a wild cave near {place} with a specialist guide.',
        'A half-day caving adventure in the karst around {area}, wading underground streams and marvelling at the formations.',
      ],
      steps: [
        [0, 'Briefing', 'Gear up and safety briefing at the base.'],
        [30, 'Walk to the cave', 'Short walk through forest to the entrance.'],
        [60, 'Underground', 'Explore the cave, wading and scrambling.'],
        [-30, 'Back to daylight', 'Swim, change and return.'],
      ],
    },
    {
      kind: 'adventure', model: 'pp', weight: 1, sgd: [350, 900], days: [2, 3], times: [['07:30']], difficulty: ['challenging'], capacity: [6, 10], minAge: 16,
      names: ['{Days}-Day Cave Expedition at {place}', 'Cave Camping Expedition near {area}, {Days} Days'],
      summaries: ['A multi-day expedition into the caves near {place}, with nights camped underground.'],
      steps: [
        ['07:30', 'Day 1: Trek in', 'Jungle trek to the cave entrance and camp.'],
        ['08:00', 'Day 2: Deep inside', 'Explore the main passage.'],
        ['08:00', 'Last day: Out', 'Trek back out to {area}.'],
      ],
    },
  ],
};

export const CYCLE: Kit = {
  act: 'cycle',
  imageThemes: ['rice_terraces', 'temple', 'city_park', 'river'],
  openers: [
    'A bicycle is the perfect speed for {area}: fast enough to cover real distance, slow enough to stop whenever something catches your eye.',
    'The back roads around {place} are flat, quiet and lined with farms and villages most visitors drive straight past.',
    'See {scene} the way locals do, on two wheels and at your own pace.',
    'This ride keeps to lanes and dykes that cars cannot use, so the only traffic is the occasional buffalo.',
  ],
  middles: [
    'Stops include a family workshop, a local market and a roadside stall that makes the best snack in the area.',
    'The route is mostly flat and shaded, with a support vehicle close by for anyone who wants a break.',
    '{guide} rides at the back of the group, so nobody gets left behind, and knows every family you pass.',
    'You will ride through rice fields, orchards and villages, with time to talk to the people who live there.',
  ],
  highlights: [
    'Quiet back roads and village lanes',
    'Visit family workshops and farms',
    'Good bikes and helmets in every size',
    'Support vehicle on longer routes',
    'A local snack stop you would never find alone',
    'Flat, easy riding suitable for most people',
  ],
  inclusions: ['Bicycle and helmet', 'Guide', 'Snacks and water', 'Support vehicle on longer routes'],
  exclusions: ['Lunch unless stated', 'Tips'],
  faqs: [
    ['Can children come?', 'Yes. We have children’s bikes and child seats.'],
    ['Are e-bikes available?', 'On most routes, for a small supplement. Ask when booking.'],
  ],
  suitable: ['families', 'couples', 'solo-travellers', 'kids'],
  themeTags: ['slow-travel'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 4, sgd: [35, 95], minutes: [180, 360], times: [['07:00', '14:00'], ['07:30'], ['08:00'], ['06:30']], difficulty: ['easy'], capacity: [8, 14], childFriendly: true,
      names: ['{Daypart} Bike Ride through {place}', 'Village Cycling around {area}', 'Back Roads of {place} by Bike', '{area} Countryside Cycle', 'Cycle {place} with {guide}'],
      summaries: [
        'An easy guided ride on the quiet lanes around {place}, with stops at farms and family workshops.',
        'See the countryside of {area} on two wheels, with a local guide and plenty of stops.',
        'A {daypart} ride through {scene}, flat and unhurried.',
      ],
      steps: [
        [0, 'Bike fitting', 'Meet your guide, choose your bike and take a short test ride.'],
        [20, 'On the road', 'Ride out through villages and fields.'],
        [90, 'Family visit', 'Stop at a local workshop or farm.'],
        [-40, 'Snack stop', 'A favourite local snack before the ride back.'],
      ],
    },
    {
      kind: 'flexible_adventure', model: 'pp', weight: 2, sgd: [25, 60], minutes: [240, 480], times: [[]], difficulty: ['easy'], capacity: [10, 20], childFriendly: true,
      selfGuided: true,
      middles: [
        'You collect a well-maintained bike, a helmet and a lock, with a printed map marked with the best stops and a phone number to call if anything goes wrong.',
        'The suggested loop is mostly flat and quiet, with shaded stretches, cafés and viewpoints along the way.',
        'Puncture? Call the team and someone will come out to you.',
      ],
      names: ['Self-Guided E-Bike Day in {area}', '{place} by Bike at Your Own Pace', 'Open-Day Bike Hire and Route Map, {area}'],
      summaries: [
        'A good bike, a tested route and a phone number to call: explore {place} whenever suits you.',
        'Pick a date, collect your bike in the morning and ride the best routes of {area} at your own pace.',
      ],
      steps: [
        [null, 'Collect your bike', 'Any time in the morning, with a route briefing and map.'],
        [null, 'Ride', 'Follow the suggested loop or make your own.'],
        [null, 'Return', 'Drop the bike back before 17:00.'],
      ],
    },
    {
      kind: 'adventure', model: 'pp', weight: 1, sgd: [260, 620], days: [2, 4], times: [['08:00']], difficulty: ['moderate'], capacity: [6, 12], minAge: 12,
      names: ['{Days}-Day Cycling Journey through {area}', 'Ride {country}: {area} in {Days} Days'],
      summaries: ['{Days} days riding through {scene}, with luggage transferred and nights in family guesthouses.'],
      steps: [
        ['08:00', 'Day 1: Set off', 'Bike fitting and a gentle first day.'],
        ['08:00', 'Day 2: The long ride', 'The heart of the route.'],
        ['08:00', 'Last day: Return', 'Ride back to {area}.'],
      ],
    },
  ],
};

export const RAFT: Kit = {
  act: 'raft',
  imageThemes: ['river', 'rainforest'],
  openers: [
    'The rivers running out of the hills around {area} offer some of the most enjoyable white water in the region.',
    'Rafting is the most fun you can have on a river, and {place} is a superb place to try it.',
    'From the water, {scene} looks completely different: cliffs, waterfalls and forest slide past as the river does the work.',
  ],
  middles: [
    'After a safety briefing on the bank, you will tackle a series of rapids, with calm stretches between for swimming and floating.',
    'Guides are trained in swift-water rescue, and safety kayakers accompany the rafts on every trip.',
    'The trip ends with a hot shower and a meal at the take-out.',
  ],
  highlights: [
    'Exciting rapids with calm pools between',
    'Guides trained in swift-water rescue',
    'Swim stops in clear water',
    'Spectacular river gorge scenery',
    'Meal at the finish',
    'Helmets, buoyancy aids and paddles provided',
  ],
  inclusions: ['Raft and safety equipment', 'Certified river guides', 'Safety kayaker', 'Meal', 'Insurance'],
  exclusions: ['Waterproof camera', 'Tips'],
  faqs: [
    ['Do I need to be able to swim?', 'It helps, but buoyancy aids are worn at all times.'],
    ['What should I wear?', 'Swimwear, quick-dry clothes and sandals that strap on.'],
  ],
  suitable: ['groups', 'couples', 'solo-travellers', 'families'],
  themeTags: ['adrenaline', 'water-adventures'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 4, sgd: [45, 130], minutes: [180, 420], times: [['08:00'], ['09:00', '13:00'], ['08:30']], difficulty: ['moderate'], capacity: [12, 24], minAge: 12,
      names: ['White-Water Rafting at {place}', '{area} River Rafting Adventure', 'Rapids of {place}: Half-Day Rafting', 'Raft the Gorge near {area}'],
      summaries: [
        'A half-day of rapids, swims and gorge scenery on the river near {area}.',
        'Paddle the rapids of {place} with certified guides and safety kayakers.',
      ],
      steps: [
        [0, 'Briefing', 'Kit up and safety briefing at the put-in.'],
        [30, 'On the river', 'Rapids and calm stretches.'],
        [-60, 'Take-out', 'Showers and a meal.'],
      ],
    },
    {
      kind: 'short_adventure', model: 'addon', weight: 1, sgd: [220, 480], minutes: [180, 300], times: [['09:00']], difficulty: ['easy'], trip: 'private', capacity: [6, 8], childFriendly: true, minAge: 7,
      names: ['Private Family Float at {place}', 'Private Gentle Rafting near {area}'],
      summaries: ['A private raft for your family or friends on gentle water, with swim stops.'],
      steps: [
        [0, 'Put-in', 'Briefing and launch.'],
        [20, 'Float', 'Gentle rapids and swim stops.'],
        [-30, 'Finish', 'Snacks at the take-out.'],
      ],
    },
  ],
};
