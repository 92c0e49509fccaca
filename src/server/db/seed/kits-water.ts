// Composition kits for water: kayaking, snorkelling and diving, boat trips.
import type { Kit } from './kit-types.ts';

export const KAYAK: Kit = {
  act: 'kayak',
  imageThemes: ['river', 'lake', 'coast', 'island'],
  openers: [
    'A kayak goes where boats cannot: into shallow creeks, under overhanging trees and right up to the cliffs of {place}.',
    'Paddling is the quietest way to travel through {scene}, and wildlife lets a kayak come much closer than an engine.',
    'The water around {place} is at its calmest in the quiet hours, and this trip is timed to catch them.',
    'You do not need experience for this trip, just a sense of curiosity and a willingness to get a little wet.',
  ],
  middles: [
    'After a short lesson on shore you paddle at an easy pace, stopping to drift, look for birds and listen.',
    'Your guide leads the way through channels and around headlands, explaining the ecology of the water as you go.',
    'Halfway there is a break on a quiet beach or bank for a swim, fruit and a cold drink.',
    'Stable sit-on-top kayaks make it easy for beginners, and doubles are available for couples and families.',
  ],
  highlights: [
    'Paddle through waters boats cannot reach',
    'Stable kayaks and full safety kit',
    'Wildlife-friendly, engine-free exploring',
    'Swim and snack stop on a quiet shore',
    'Beginner-friendly with a short lesson first',
    'Waterproof bags for your phone and camera',
  ],
  inclusions: ['Kayak, paddle and buoyancy aid', 'Guide', 'Dry bag', 'Drinking water and fruit'],
  exclusions: ['Transport to the launch point', 'Sunscreen'],
  faqs: [
    ['I have never kayaked. Can I join?', 'Yes. Kayaks are stable and your guide teaches the basics before setting off.'],
    ['Will I get wet?', 'Probably a little. Wear quick-dry clothes and bring a change.'],
    ['Is it tide-dependent?', 'Some routes are. We set times for the best water each day.'],
  ],
  suitable: ['couples', 'families', 'solo-travellers', 'groups'],
  themeTags: ['water-adventures'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 5, sgd: [40, 110], minutes: [150, 300], times: [['07:00', '14:00'], ['08:00'], ['08:30', '15:00'], ['16:00'], ['06:30']], difficulty: ['easy', 'moderate'], capacity: [8, 14], childFriendly: true, minAge: 8,
      names: ['{Daypart} Kayak at {place}', 'Guided Kayak Tour of {place}', 'Paddle {place} with {guide}', '{area} Kayaking Adventure', 'Quiet Waters of {place} by Kayak'],
      summaries: [
        'Paddle the quiet waters of {place} with a local guide, with a swim stop and plenty of time to look for wildlife.',
        'A {daypart} kayak trip through {scene}, suitable for beginners.',
        'Explore {place} from the water, on a guided kayak trip that goes where boats cannot.',
      ],
      steps: [
        [0, 'Launch point', 'Meet your guide, fit your buoyancy aid and learn the basics.'],
        [20, 'On the water', 'Paddle out at an easy pace.'],
        [80, 'Beach break', 'Swim and snack on a quiet shore.'],
        [-40, 'Paddle back', 'Return by a different route.'],
      ],
    },
    {
      kind: 'flexible_adventure', model: 'pp', weight: 1, sgd: [25, 55], minutes: [120, 240], times: [[]], difficulty: ['easy'], capacity: [10, 20], childFriendly: true,
      selfGuided: true,
      middles: [
        'You get a stable kayak, a buoyancy aid, a dry bag and a short safety briefing, plus a map of the sheltered routes.',
        'Stay within the marked area and paddle at your own pace; the team keeps an eye on the water from the shore.',
      ],
      names: ['Kayak Hire at {place}, Any Time', 'Self-Guided Paddle at {place}'],
      summaries: ['Pick your day and time: a kayak, a map and safety kit for a self-guided paddle at {place}.'],
      steps: [
        [null, 'Collect your kayak', 'Safety briefing and route map.'],
        [null, 'Paddle', 'Explore at your own pace.'],
        [null, 'Return', 'Bring the kayak back by the agreed time.'],
      ],
    },
    {
      kind: 'short_adventure', model: 'minpax', weight: 1, sgd: [70, 140], minutes: [240, 360], times: [['07:30']], difficulty: ['moderate'], trip: 'private', capacity: [4, 8],
      names: ['Private Kayak Expedition at {place}', 'Private Paddle through {place}'],
      summaries: ['A private kayak trip for your group through the best of {place}, with lunch on a beach.'],
      steps: [
        [0, 'Launch', 'Briefing and launch.'],
        [30, 'Explore', 'Paddle the best of the coast or river.'],
        [150, 'Lunch', 'Picnic lunch on the shore.'],
        [-45, 'Return', 'Paddle back.'],
      ],
    },
  ],
};

export const DIVE: Kit = {
  act: 'dive',
  imageThemes: ['reef', 'island', 'coast'],
  openers: [
    'The reefs around {place} are part of one of the most diverse marine regions on Earth, and much of the best of it is in shallow water.',
    'Slip beneath the surface at {place} and the world changes colour: hard and soft corals, parrotfish, anemonefish and, with luck, a turtle.',
    'The water around {area} is warm, clear and full of life for much of the year, especially {season}.',
  ],
  middles: [
    'Before each site your guide gives a briefing on what to look for and how to move without touching the reef.',
    'Groups are small, with a guide in the water at all times, and the boat carries plenty of fresh water and shade.',
    'Between sites there is lunch on board or on a beach, and time to rest in the shade.',
    'Reef-safe sunscreen is provided, and the team logs sightings for a local reef-monitoring project.',
  ],
  highlights: [
    'Two or three sites chosen for the day’s conditions',
    'Turtles, reef sharks and hundreds of fish species',
    'Guide in the water with you at all times',
    'Reef-safe sunscreen provided',
    'Small groups, never crowded',
    'Sightings logged for reef monitoring',
  ],
  inclusions: ['Boat trip', 'Mask, snorkel and fins (or full dive kit)', 'Guide', 'Lunch and drinks', 'Marine park fees'],
  exclusions: ['Wetsuit hire', 'Underwater camera'],
  faqs: [
    ['Do I need to be a strong swimmer?', 'For snorkelling you need to be comfortable in water; buoyancy vests are available.'],
    ['Can I scuba dive?', 'Certified divers can book the dive option; beginners can try an introductory dive.'],
  ],
  suitable: ['couples', 'families', 'solo-travellers', 'groups'],
  themeTags: ['water-adventures'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 5, sgd: [55, 150], minutes: [240, 480], times: [['08:00'], ['07:30'], ['08:30']], difficulty: ['easy'], capacity: [10, 16], childFriendly: true, minAge: 8,
      names: ['Reef Snorkelling at {place}', 'Snorkel Day Trip to {place}', '{place} Reef and Beach Day', 'Guided Snorkel Safari at {place}'],
      summaries: [
        'A day on the water snorkelling the reefs of {place}, with a guide who knows where the turtles feed.',
        'Snorkel two or three of the best sites around {place}, with lunch and a beach stop.',
      ],
      steps: [
        [0, 'Board the boat', 'Check-in, briefing and kit fitting.'],
        [45, 'First site', 'Guided snorkel on a shallow reef.'],
        [150, 'Lunch', 'Lunch on board or on a beach.'],
        [210, 'Second site', 'A different reef or a turtle area.'],
        [-30, 'Return', 'Back to the harbour.'],
      ],
    },
    {
      kind: 'short_adventure', model: 'pp', weight: 2, sgd: [110, 240], minutes: [300, 480], times: [['07:30']], difficulty: ['moderate'], capacity: [6, 10], minAge: 12,
      names: ['Two-Tank Dive Day at {place}', 'Fun Dives at {place}', 'Discover Scuba at {place}'],
      summaries: ['Two guided dives at {place} for certified divers, or an introductory dive for beginners.'],
      steps: [
        [0, 'Dive centre', 'Paperwork, kit and briefing.'],
        [60, 'Dive one', 'The first dive of the day.'],
        [150, 'Surface interval', 'Snacks and rest.'],
        [210, 'Dive two', 'The second dive.'],
      ],
    },
    {
      kind: 'adventure', model: 'pp', weight: 1, sgd: [600, 1300], days: [3, 4], times: [['07:00']], difficulty: ['moderate'], capacity: [8, 14], minAge: 12, yacht: true, requiresThemes: ['island', 'reef'],
      names: ['{Days}-Day Liveaboard at {place}', 'Sail and Snorkel {place}, {Days} Days'],
      summaries: ['{Days} days aboard a small boat exploring the reefs and islands around {place}.'],
      steps: [
        ['07:00', 'Day 1: Set sail', 'Board and head out to the first reefs.'],
        ['07:00', 'Day 2: Remote reefs', 'Snorkel and dive the outer sites.'],
        ['07:00', 'Last day: Return', 'A final morning swim and sail back.'],
      ],
    },
  ],
};

export const BOAT: Kit = {
  act: 'boat',
  imageThemes: ['island', 'coast', 'river', 'lake'],
  openers: [
    'Some landscapes are meant to be seen from the water, and {place} is one of them.',
    'A boat trip through {scene} is the perfect way to slow down and see how the land meets the water.',
    'The people of {area} have always travelled by water, and their boats still go where roads do not.',
  ],
  middles: [
    'The boat is small, the crew are local and the route avoids the busiest spots, with stops to walk and explore.',
    'Along the way you pass fishing communities, mangroves and beaches, with the skipper pointing out the landmarks.',
    'Drinks and snacks are served on board, and there is shade for the hottest part of the day.',
  ],
  highlights: [
    'Small boat with a local crew',
    'Quiet route away from the crowds',
    'Stops ashore to walk and explore',
    'Fishing villages and coastal wildlife',
    'Snacks and drinks on board',
    'Golden light on the water',
  ],
  inclusions: ['Boat and crew', 'Life jackets', 'Snacks and drinks', 'Fuel'],
  exclusions: ['Marine park fees unless stated', 'Alcohol'],
  faqs: [
    ['What if the weather is bad?', 'The skipper decides on safety. Cancelled trips can be rescheduled or refunded.'],
    ['Is it suitable for children?', 'Yes, with child life jackets provided.'],
  ],
  suitable: ['families', 'couples', 'seniors', 'groups'],
  themeTags: ['water-adventures', 'slow-travel'],
  variants: [
    {
      kind: 'short_adventure', model: 'pp', weight: 3, sgd: [35, 110], minutes: [120, 360], times: [['08:00'], ['09:00', '14:00'], ['16:00'], ['15:30']], difficulty: ['easy'], capacity: [10, 20], childFriendly: true,
      names: ['{Daypart} Boat Trip around {place}', '{place} by Traditional Boat', 'Islands and Coves of {place}', 'Slow Boat through {place}'],
      summaries: [
        'A relaxed trip by traditional boat around {place}, with stops ashore and a local crew.',
        'See {scene} from the water on a small-boat trip that avoids the crowds.',
      ],
      steps: [
        [0, 'Board', 'Meet the crew and set off.'],
        [40, 'First stop', 'A short walk ashore, or a swim where the water allows.'],
        [-50, 'Golden hour', 'Cruise back as the light softens.'],
      ],
    },
    {
      kind: 'short_adventure', model: 'minpax', weight: 2, sgd: [70, 160], minutes: [180, 300], times: [['16:00'], ['09:00']], difficulty: ['easy'], trip: 'private', capacity: [4, 10], yacht: true, requiresThemes: ['coast', 'island'],
      names: ['Private Sunset Sail at {place}', 'Private Boat Charter around {place}', 'Private Sailing Day at {place}'],
      summaries: ['Charter a boat and crew for your group and explore {place} on your own schedule.'],
      steps: [
        [0, 'Board', 'Welcome and safety briefing.'],
        [30, 'Sail', 'Head for the quietest bays.'],
        [-60, 'Sunset', 'Drinks on deck as the sun goes down.'],
      ],
    },
    {
      kind: 'short_adventure', model: 'addon', weight: 1, sgd: [140, 320], minutes: [180, 360], times: [['08:00']], difficulty: ['easy'], trip: 'private', capacity: [6, 10], childFriendly: true,
      names: ['Private Longboat Day around {place}', 'Private Boat Day to {place2}'],
      summaries: ['A private boat and boatman for the day, to explore {place} at your own pace.'],
      steps: [
        [0, 'Pier', 'Meet your boatman.'],
        [30, 'Explore', 'Visit villages, beaches and viewpoints.'],
        [-30, 'Return', 'Back at the pier.'],
      ],
    },
  ],
};
