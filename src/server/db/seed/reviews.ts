// Traveller reviews of experiences and of Verdant itself, composed from specific parts.
import type { OptionDraft } from './option-model.ts';
import { createRng, daysBefore, isoDate, type Rng } from './prng.ts';
import type { Act } from './types.ts';

export type ReviewRow = {
  optionId: number;
  userId: string | null;
  authorName: string;
  authorCountry: string | null;
  rating: number | null;
  title: string;
  body: string;
  travelledOn: string | null;
  createdAt: Date;
};

export type SiteReviewRow = { authorName: string; authorLocation: string; rating: number; title: string; body: string; createdAt: Date };

const FIRST = [
  'Sophie', 'James', 'Aisha', 'Daniel', 'Mei', 'Oliver', 'Priya', 'Lucas', 'Hannah', 'Kenji', 'Chloe', 'Arjun', 'Emma', 'Tom',
  'Nadia', 'Ben', 'Yuki', 'Isabelle', 'Marco', 'Grace', 'Wei Ling', 'Sam', 'Fatima', 'Liam', 'Anna', 'Rohan', 'Clara', 'Jonas',
  'Siti', 'Matthew', 'Ines', 'Hiroshi', 'Leah', 'Pablo', 'Charlotte', 'Ahmad', 'Freya', 'Noah', 'Mia', 'David', 'Elena', 'Jun',
  'Harriet', 'Tariq', 'Lena', 'Kai', 'Olivia', 'Rafael', 'Zara', 'Ethan', 'Camille', 'Vikram', 'Rachel', 'Felix', 'Amelia', 'Minh',
];
const LAST = 'ABCDEFGHJKLMNOPRSTVWY';
const COUNTRIES = [
  'United Kingdom', 'Australia', 'Singapore', 'United States', 'Germany', 'Netherlands', 'Malaysia', 'Canada', 'France',
  'New Zealand', 'Switzerland', 'India', 'Japan', 'Ireland', 'Spain', 'Hong Kong', 'Italy', 'Sweden', 'Denmark', 'South Korea',
];

const OPENERS = [
  'We booked {name} for our last full day in {city} and it turned out to be the highlight of the trip.',
  'I was travelling solo and wanted something small and well run. This was exactly that.',
  'We did this with our two children and it was pitched perfectly for all of us.',
  'After two weeks of busy sightseeing, this was the day we will remember.',
  'Booked this on a whim the night before and I am so glad we did.',
  'My partner and I have done a lot of guided trips in Asia, and this was one of the best organised.',
  'A friend recommended {operator} and they did not disappoint.',
  'We were a group of six friends and had the best time.',
];

const GUIDE_LINES = [
  '{guide} was brilliant: patient, funny and incredibly knowledgeable.',
  'Our guide {guide} clearly loves this place, and it was infectious.',
  '{guide} made sure everyone was comfortable and kept the group together without ever rushing us.',
  'Huge thanks to {guide}, who answered every one of our questions with endless patience.',
  '{guide} knew every plant, bird and family we passed.',
  'It helped enormously that {guide} grew up here and could explain how things really work.',
];

const DETAILS: Record<Act, string[]> = {
  hike: ['The view from the top was worth every step.', 'We walked for hours and only met one other group.', 'The tea and fruit stop halfway up was a lovely touch.'],
  wild: ['We saw far more wildlife than I expected, and the guide never got too close.', 'Watching the animals go about their morning was magical.', 'I loved that nothing was staged and no animals were fed.'],
  dive: ['The reef was in great condition and we swam with a turtle for ten minutes.', 'The briefings were excellent and the water was incredibly clear.', 'Seeing so many fish so close to the surface was unforgettable.'],
  kayak: ['Paddling into the mangroves felt like entering another world.', 'The kayaks were stable and the pace was relaxed.', 'We saw kingfishers and a monitor lizard from the water.'],
  cycle: ['The back roads were quiet and the stops were genuinely interesting.', 'The bikes were in great condition and the route was easy.', 'Cycling through the villages, everyone waved.'],
  food: ['Everything we cooked was delicious and I have already made two of the recipes at home.', 'The market visit alone was worth it.', 'We ate far too much, in the best way.'],
  culture: ['Meeting the craftspeople in their homes felt respectful and real.', 'I bought a piece directly from the weaver, which meant a lot.', 'We learned more about local life in one day than in the rest of the trip.'],
  camp: ['The stars were unreal and the campfire dinner was excellent.', 'Camp was well set up and the tents were comfortable.', 'Waking up to that sunrise was worth the hard ground.'],
  bird: ['We saw more than sixty species and the scope made a huge difference.', 'I am not a birder but I came away hooked.', 'Our guide found birds by ear that we would never have seen.'],
  raft: ['The rapids were exciting without being terrifying.', 'The safety briefing was thorough and the guides were superb.', 'Swimming in the calm stretches between rapids was the best part.'],
  climb: ['I had never climbed before and made it to the top of four routes.', 'The instructors were calm and encouraging.', 'Climbing with that view behind you is something else.'],
  photo: ['I came home with the best photos of my trip.', 'The tips on composition have changed how I take pictures.', 'We were in exactly the right place when the light arrived.'],
  well: ['I have never felt so relaxed on holiday.', 'The setting was beautiful and the session was gentle.', 'The herbal tea and lunch afterwards were lovely.'],
  boat: ['The boat was small and we had the quiet bays to ourselves.', 'The crew were friendly and the swim stop was perfect.', 'Sunset on the water was the perfect end to the day.'],
  cave: ['The cave was vast and we had it almost to ourselves.', 'Turning our headlamps off in total darkness was unforgettable.', 'Wading the underground river was the highlight.'],
  stay: ['Our room was simple, spotless and had the best view.', 'The food was home-cooked and delicious.', 'Falling asleep to the sounds of the forest was wonderful.'],
};

const CLOSERS: Record<number, string[]> = {
  5: ['Cannot recommend it highly enough.', 'Worth every cent. Book it.', 'We would do it again tomorrow.', 'Ten out of ten.', 'A perfect day.'],
  4: ['A great experience overall; the only thing I would change is a slightly earlier start.', 'Very good, and great value.', 'Lovely day, though it ran a little long for the kids.', 'Really enjoyed it. Bring more water than you think.'],
  3: ['Good but not quite what we expected from the description.', 'The guide was lovely but the pickup was forty minutes late.', 'Decent, though the group was bigger than we hoped.', 'Fine, but the weather let us down and there was no plan B.'],
};

const TITLES: Record<number, string[]> = {
  5: ['The highlight of our trip', 'Unforgettable', 'Worth the early start', 'Absolutely brilliant', 'Best day of the holiday', 'Magical', 'Exceeded every expectation', 'Do not miss this'],
  4: ['Really enjoyable', 'Great day out', 'Lovely experience', 'Very good guide', 'Well organised'],
  3: ['Good, with a few hiccups', 'Nice but not amazing', 'Mixed feelings'],
};

export function reviewerName(rng: Rng): string {
  return `${rng.pick(FIRST)} ${LAST[rng.int(0, LAST.length - 1)]}.`;
}

function fillReview(s: string, o: OptionDraft, city: string, operator: string, guide: string): string {
  return s.replace('{name}', o.name).replace('{city}', city).replace('{operator}', operator).replace(/\{guide\}/g, guide);
}

export function reviewsForOption(o: OptionDraft, city: string, operator: string, guides: readonly string[], pendingUserId: string | null): ReviewRow[] {
  const rng = createRng(`reviews:${o.slugCode}`);
  const n = o.core ? rng.int(8, 25) : rng.weighted([[0, 10], [rng.int(1, 5), 35], [rng.int(6, 12), 30], [rng.int(13, 25), 25]] as const);
  const rows: ReviewRow[] = [];
  for (let i = 0; i < n; i++) {
    const travelled = daysBefore(rng.int(12, 720));
    const created = new Date(travelled.getTime() + rng.int(1, 14) * 86_400_000);
    // A review record waiting for its traveller (no rating yet): rare, and never body text.
    if (rng.chance(0.015)) {
      rows.push({ optionId: o.id, userId: pendingUserId, authorName: reviewerName(rng), authorCountry: rng.pick(COUNTRIES), rating: null, title: '', body: '', travelledOn: isoDate(travelled), createdAt: created });
      continue;
    }
    const rating = rng.weighted([[5, 62], [4, 30], [3, 8]] as const);
    const guide = rng.pick(guides);
    const parts = [
      rng.pick(OPENERS),
      rng.pick(GUIDE_LINES),
      ...rng.sample(DETAILS[o.act], rng.int(1, 2)),
      rng.pick(CLOSERS[rating] ?? []),
    ];
    rows.push({
      optionId: o.id,
      userId: null,
      authorName: reviewerName(rng),
      authorCountry: rng.chance(0.9) ? rng.pick(COUNTRIES) : null,
      rating,
      title: rng.pick(TITLES[rating] ?? []),
      body: parts.map((p) => fillReview(p, o, city, operator, guide)).join(' '),
      travelledOn: isoDate(travelled),
      createdAt: created,
    });
  }
  return rows;
}

const SITE_LOCATIONS = [
  'London, United Kingdom', 'Melbourne, Australia', 'Singapore', 'San Francisco, USA', 'Berlin, Germany', 'Kuala Lumpur, Malaysia',
  'Toronto, Canada', 'Auckland, New Zealand', 'Amsterdam, Netherlands', 'Zurich, Switzerland', 'Mumbai, India', 'Tokyo, Japan',
  'Sydney, Australia', 'Dublin, Ireland', 'Paris, France', 'Hong Kong', 'Copenhagen, Denmark', 'Seattle, USA', 'Edinburgh, United Kingdom', 'Perth, Australia',
];

const SITE_HANDWRITTEN: [number, string, string][] = [
  [5, 'Finally, a site that knows the difference', 'I have used the big booking sites for years and always ended up on crowded tours. Every Verdant experience we booked in Borneo was small, local and genuinely wild. The guides were the people who grew up there.'],
  [5, 'The gift my dad still talks about', 'I bought my father a birding morning in Singapore as a birthday gift card. He chose the date himself, the guide sent him a species list afterwards, and he has since booked two more trips on his own.'],
  [5, 'Support that actually replies', 'Our Komodo boat trip had to move a day because of weather. I messaged through the chat and had a new date confirmed within the hour, with no fee.'],
  [5, 'Curated, not cluttered', 'What I love is that there are not five thousand options for every city. There are twenty good ones, and each has been checked. It saves hours.'],
  [4, 'Great trips, slightly slow app', 'Both our experiences in Sri Lanka were superb, especially the leopard safari. The checkout was a little slow on my phone, but support sorted a payment hiccup quickly.'],
  [5, 'Easy to book in my own currency', 'Paying in ringgit with no surprise fees made booking for the whole family simple.'],
  [5, 'Our honeymoon, planned around it', 'We built our Vietnam honeymoon around three Verdant experiences: the Lan Ha junk, the Sapa homestay and the Hoi An cooking class. Every one felt personal.'],
  [4, 'Good choice for responsible travel', 'I like seeing which operators are community-run or women-owned before I book. I wish there were more filters for accessibility.'],
  [5, 'Reliable every single time', 'Six trips across four countries now, not one problem. That is rare.'],
  [5, 'The reviews are honest', 'The reviews mentioned the leeches on the Taman Negara night walk, so we brought leech socks. Small thing, but it meant I trusted the site.'],
  [3, 'Great experience, confusing confirmation', 'The Ella hike was lovely, but the confirmation email said one meeting point and the guide waited at another. It worked out in the end.'],
  [5, 'Better than a travel agent', 'I used to pay an agent to find small operators like these. Now I just browse collections and book.'],
];

const SITE_OPEN = [
  'We booked {n} experiences through Verdant on our trip to {where}.',
  'I found Verdant while looking for something more authentic in {where}.',
  'This was my first time using Verdant, for a family trip to {where}.',
  'I have now used Verdant for trips to {where} and beyond.',
];
const SITE_MID = [
  'Booking was simple and the confirmation had everything we needed.',
  'Every operator was small, local and clearly proud of what they do.',
  'The chat support answered a question about pickup within minutes.',
  'I appreciated being able to see the cancellation policy clearly before paying.',
  'The collections made it easy to find things we would never have discovered ourselves.',
  'Paying in my own currency with a clear price was a relief.',
];
const SITE_CLOSE: Record<number, string[]> = {
  5: ['I will book through Verdant again without hesitation.', 'Already planning the next trip.', 'Highly recommended.'],
  4: ['A few small hiccups, but overall excellent.', 'Would happily use it again.', 'Very good, and getting better.'],
  3: ['Good experiences, but the site could be easier to use on mobile.', 'Mixed, but the operators themselves were great.'],
};
const SITE_TITLES: Record<number, string[]> = {
  5: ['Exactly what I was looking for', 'Our go-to for Asia', 'Brilliant from start to finish', 'Small operators, big memories', 'Trustworthy and easy'],
  4: ['Very good overall', 'Would use again', 'Great selection'],
  3: ['Decent, room to improve', 'Good trips, average site'],
};
const WHERES = ['Malaysia', 'Vietnam', 'Sri Lanka', 'Bali', 'Nepal', 'Japan', 'Taiwan', 'Thailand', 'Singapore', 'India', 'Cambodia', 'Laos'];

export function siteReviews(count = 100): SiteReviewRow[] {
  const rows: SiteReviewRow[] = [];
  for (let i = 0; i < count; i++) {
    const rng = createRng(`site-review:${i}`);
    const createdAt = daysBefore(Math.round((i * 730) / count) + rng.int(0, 6), rng.int(7, 21));
    const hand = SITE_HANDWRITTEN[i];
    if (hand) {
      rows.push({ authorName: reviewerName(rng), authorLocation: rng.pick(SITE_LOCATIONS), rating: hand[0], title: hand[1], body: hand[2], createdAt });
      continue;
    }
    const rating = rng.weighted([[5, 70], [4, 24], [3, 6]] as const);
    const body = [
      rng.pick(SITE_OPEN).replace('{n}', String(rng.int(2, 5))).replace('{where}', rng.pick(WHERES)),
      ...rng.sample(SITE_MID, 2),
      rng.pick(SITE_CLOSE[rating] ?? []),
    ].join(' ');
    rows.push({ authorName: reviewerName(rng), authorLocation: rng.pick(SITE_LOCATIONS), rating, title: rng.pick(SITE_TITLES[rating] ?? []), body, createdAt });
  }
  return rows;
}
