// Tags of every kind. Slugs are unique across kinds (so a landing page `/{cc}/{city}/{slug}`
// resolves to one thing) and never take a reserved path word.
import type { Theme } from '../../images/pool.ts';
import type { Act, Suitable, Sustainability } from './types.ts';

export type TagSeed = { slug: string; name: string; description: string };

export const ACTIVITY_TAGS: (TagSeed & { act: Act; themes: Theme[] })[] = [
  { act: 'hike', slug: 'hiking-trekking', name: 'Hiking & Trekking', description: 'Day hikes, summit climbs and multi-day treks with guides who know the trail.', themes: ['mountain', 'rainforest', 'rice_terraces'] },
  { act: 'wild', slug: 'wildlife-watching', name: 'Wildlife Watching', description: 'Observation-only encounters with wild animals, led by naturalists.', themes: ['rainforest', 'savanna', 'river'] },
  { act: 'dive', slug: 'snorkelling-diving', name: 'Snorkelling & Diving', description: 'Reef trips, dive days and liveaboards in some of the richest seas on Earth.', themes: ['reef', 'island', 'coast'] },
  { act: 'kayak', slug: 'kayaking-canoeing', name: 'Kayaking & Canoeing', description: 'Paddle mangroves, lakes, sea cliffs and slow rivers.', themes: ['river', 'lake', 'coast', 'island'] },
  { act: 'cycle', slug: 'cycling', name: 'Cycling', description: 'Village lanes, temple roads and coastal paths by bicycle and e-bike.', themes: ['rice_terraces', 'temple', 'city_park', 'river'] },
  { act: 'food', slug: 'cooking-food', name: 'Cooking & Food', description: 'Market walks, farm visits and cooking classes in local kitchens.', themes: ['rice_terraces', 'city_park', 'river'] },
  { act: 'culture', slug: 'cultural-immersion', name: 'Cultural Immersion', description: 'Time with craftspeople, farmers and communities on their own terms.', themes: ['temple', 'rice_terraces', 'river'] },
  { act: 'camp', slug: 'camping', name: 'Camping', description: 'Nights under canvas on beaches, ridges and riverbanks.', themes: ['night_sky', 'mountain', 'river'] },
  { act: 'bird', slug: 'birdwatching', name: 'Birdwatching', description: 'Dawn walks and boat trips with guides who find birds by ear.', themes: ['rainforest', 'lake', 'river', 'savanna'] },
  { act: 'raft', slug: 'rafting', name: 'Rafting', description: 'White-water trips from gentle floats to grade IV rapids.', themes: ['river', 'rainforest'] },
  { act: 'climb', slug: 'climbing', name: 'Climbing', description: 'Sport climbing, via ferrata and scrambles for beginners and experienced climbers.', themes: ['mountain', 'coast', 'cave'] },
  { act: 'photo', slug: 'photography', name: 'Photography', description: 'Trips timed for the light, with guides who know where to stand.', themes: ['mountain', 'lake', 'rice_terraces', 'night_sky'] },
  { act: 'well', slug: 'wellness-yoga', name: 'Wellness & Yoga', description: 'Yoga, forest bathing, hot springs and quiet retreats in nature.', themes: ['lake', 'rainforest', 'mountain', 'rice_terraces'] },
  { act: 'boat', slug: 'boat-trips-sailing', name: 'Boat Trips & Sailing', description: 'Longboats, traditional sailing boats and small-ship cruises.', themes: ['island', 'coast', 'river', 'lake'] },
  { act: 'cave', slug: 'caving', name: 'Caving', description: 'River caves, sinkholes and expedition caving with specialist guides.', themes: ['cave', 'rainforest'] },
  { act: 'stay', slug: 'eco-stays', name: 'Eco Stays', description: 'Homestays, floating bungalows and lodges that give back to their surroundings.', themes: ['lake', 'rainforest', 'mountain', 'rice_terraces'] },
];

export const SUITABLE_TAGS: (TagSeed & { key: Suitable })[] = [
  { key: 'families', slug: 'families', name: 'Families', description: 'Paced for mixed ages, with guides used to curious kids.' },
  { key: 'couples', slug: 'couples', name: 'Couples', description: 'Small groups or private trips made for two.' },
  { key: 'solo-travellers', slug: 'solo-travellers', name: 'Solo Travellers', description: 'Join-in departures where you will meet like-minded people.' },
  { key: 'groups', slug: 'groups', name: 'Groups', description: 'Good for friends, clubs and teams travelling together.' },
  { key: 'seniors', slug: 'seniors', name: 'Seniors', description: 'Gentle pace, good access and comfortable transport.' },
  { key: 'kids', slug: 'kids', name: 'Kids', description: 'Suitable for children, with child prices where marked.' },
];

/** Exactly the six sustainability tags of spec §9, by their slugs. */
export const SUSTAINABILITY_TAGS: (TagSeed & { key: Sustainability })[] = [
  { key: 'wildlife_safe', slug: 'wildlife_safe', name: 'Wildlife Safe', description: 'Observation only: no riding, feeding, handling or captive animals for entertainment.' },
  { key: 'litter_free_leave_no_trace', slug: 'litter_free_leave_no_trace', name: 'Litter-Free & Leave No Trace', description: 'Guides carry out all waste and follow Leave No Trace principles.' },
  { key: 'low_carbon', slug: 'low_carbon', name: 'Low Carbon', description: 'Human-powered or low-emission transport, local food and energy.' },
  { key: 'refuse_plastics', slug: 'refuse_plastics', name: 'Refuses Single-Use Plastics', description: 'Refillable water, reusable containers and no plastic giveaways.' },
  { key: 'community_based', slug: 'community_based', name: 'Community Based', description: 'Owned or run by the local community, with income staying in the village.' },
  { key: 'women_owned', slug: 'women_owned', name: 'Women Owned', description: 'A business founded and led by women.' },
];

export const THEME_TAGS: TagSeed[] = [
  { slug: 'sunrise-and-stargazing', name: 'Sunrise & Stargazing', description: 'Early starts and late nights for the best light and darkest skies.' },
  { slug: 'off-the-beaten-path', name: 'Off the Beaten Path', description: 'Places most visitors never reach.' },
  { slug: 'rainy-day-friendly', name: 'Rainy-Day Friendly', description: 'Still wonderful when the weather turns.' },
  { slug: 'adrenaline', name: 'Adrenaline', description: 'Rapids, rock and big days out.' },
  { slug: 'slow-travel', name: 'Slow Travel', description: 'Unhurried experiences with time to take it in.' },
  { slug: 'water-adventures', name: 'Water Adventures', description: 'On, in or under the water.' },
  { slug: 'mountain-escapes', name: 'Mountain Escapes', description: 'Cool air, big views and high trails.' },
  { slug: 'jungle-and-rainforest', name: 'Jungle & Rainforest', description: 'Into the green heart of tropical Asia.' },
  { slug: 'heritage-and-craft', name: 'Heritage & Craft', description: 'Old skills, old places and the people keeping them alive.' },
  { slug: 'farm-to-table', name: 'Farm to Table', description: 'Food eaten where it is grown, caught or foraged.' },
];

export const BLOG_TAGS: TagSeed[] = [
  { slug: 'bucket-list', name: 'Bucket List', description: 'Once-in-a-lifetime trips worth planning for.' },
  { slug: 'budget-friendly', name: 'Budget Friendly', description: 'Great experiences that cost less than you think.' },
  { slug: 'responsible-travel', name: 'Responsible Travel', description: 'How to travel so places and people are better for it.' },
  { slug: 'family-travel', name: 'Family Travel', description: 'Ideas and advice for travelling with children.' },
  { slug: 'travelling-solo', name: 'Travelling Solo', description: 'For people who go it alone.' },
  { slug: 'monsoon-season', name: 'Monsoon Season', description: 'Where to go and what to do when the rains come.' },
  { slug: 'national-parks', name: 'National Parks', description: 'Asia’s protected areas and how to visit them well.' },
  { slug: 'marine-life', name: 'Marine Life', description: 'Reefs, whales, turtles and the people protecting them.' },
  { slug: 'street-food', name: 'Street Food', description: 'Eating well, and safely, on the street.' },
  { slug: 'packing-and-gear', name: 'Packing & Gear', description: 'What to bring and what to leave at home.' },
  { slug: 'camera-skills', name: 'Camera Skills', description: 'Photographing wildlife and landscapes without disturbing them.' },
  { slug: 'first-timers', name: 'First Timers', description: 'Start here if it is your first trip to the region.' },
  { slug: 'gift-ideas', name: 'Gift Ideas', description: 'Experiences that make better presents than things.' },
  { slug: 'meet-the-locals', name: 'Meet the Locals', description: 'Profiles of the guides and hosts behind our experiences.' },
];

export const RESERVED_SLUGS = ['tags', 'tips', 'a', 'collections', 'activities', 'places-of-interest'] as const;

export const ACT_TO_SLUG = new Map<Act, string>(ACTIVITY_TAGS.map((t) => [t.act, t.slug]));
