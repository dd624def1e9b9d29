#!/usr/bin/env node
/**
 * Makes the sample item bank in resources/samples once, to be committed: each item's prompt
 * audio spoken by espeak-ng and encoded to Ogg/Opus by opusenc (Debian's opus-tools), each
 * Describe Image picture drawn here as SVG, and the manifest the app imports on first start.
 * Only this script needs the two tools; installing or running the app needs neither.
 *
 *   node scripts/make-samples.mjs
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const OUT = join(import.meta.dirname, '..', 'resources', 'samples');

const ITEMS = [
  {
    key: 'rs-1',
    task: 'rs',
    title: 'Sample RS 1: library hours',
    refText: 'The library will be closed on public holidays.',
  },
  {
    key: 'rs-2',
    task: 'rs',
    title: 'Sample RS 2: assignments',
    refText: 'Students must submit their assignments before the end of the week.',
  },
  {
    key: 'rs-3',
    task: 'rs',
    title: 'Sample RS 3: mobile phones',
    refText: 'Please remember to switch off your mobile phones during the lecture.',
  },
  {
    key: 'rl-1',
    task: 'rl',
    title: 'Sample RL 1: honey bees',
    refText:
      'Honey bees are important pollinators. As they collect nectar, they carry pollen from flower to flower, which allows many crops to produce fruit. In recent years, bee populations have declined because of pesticides, disease and the loss of wild flowers. Farmers and scientists are now working together to protect them.',
    keywords: [
      'bees',
      'pollinators',
      'pollen',
      'crops',
      'declined',
      'pesticides',
      'disease',
      'protect',
    ],
  },
  {
    key: 'rl-2',
    task: 'rl',
    title: 'Sample RL 2: sleep and memory',
    refText:
      'Sleep plays a central role in memory. During deep sleep, the brain replays what was learned during the day and moves it into long term storage. Students who sleep well after studying remember more than those who stay awake. So a good night of sleep is part of learning, not a break from it.',
    keywords: [
      'sleep',
      'memory',
      'brain',
      'learned',
      'storage',
      'students',
      'remember',
      'learning',
    ],
  },
  {
    key: 'rl-3',
    task: 'rl',
    title: 'Sample RL 3: city trees',
    refText:
      'Trees make cities cooler. Their shade and the water they release can lower street temperatures by several degrees in summer. Trees also clean the air and reduce flooding after heavy rain. For these reasons, many cities now plan to plant thousands of new trees in the coming decade.',
    keywords: ['trees', 'cities', 'cooler', 'shade', 'temperatures', 'air', 'flooding', 'plant'],
  },
  {
    key: 'di-1',
    task: 'di',
    title: 'Sample DI 1: energy sources (bar chart)',
    refText:
      'The bar chart shows the share of electricity produced from five sources. Gas is the largest source at thirty five percent, followed by wind at twenty five percent. Coal and solar each provide fifteen percent, and hydro is the smallest at ten percent. Overall, renewable sources produce half of the electricity.',
    keywords: [
      'bar chart',
      'electricity',
      'gas',
      'wind',
      'coal',
      'solar',
      'hydro',
      'percent',
      'largest',
      'smallest',
    ],
    image: 'di-1.svg',
  },
  {
    key: 'di-2',
    task: 'di',
    title: 'Sample DI 2: visitors per month (line graph)',
    refText:
      'The line graph shows the number of museum visitors from January to June. Visitors rose steadily from two thousand in January to a peak of eight thousand in April, then fell to five thousand in June. The busiest month was April and the quietest was January.',
    keywords: [
      'line graph',
      'visitors',
      'museum',
      'rose',
      'peak',
      'april',
      'fell',
      'january',
      'june',
    ],
    image: 'di-2.svg',
  },
  {
    key: 'di-3',
    task: 'di',
    title: 'Sample DI 3: the water cycle (diagram)',
    refText:
      'The diagram shows the water cycle in four stages. Water evaporates from the sea, condenses into clouds, falls as rain, and then flows back to the sea in rivers. The cycle then begins again.',
    keywords: [
      'diagram',
      'water cycle',
      'evaporation',
      'condensation',
      'clouds',
      'rain',
      'rivers',
      'sea',
      'stages',
    ],
    image: 'di-3.svg',
  },
  {
    key: 'wfd-1',
    task: 'wfd',
    title: 'Sample WFD 1: reading list',
    refText: 'The reading list is available on the course website.',
  },
  {
    key: 'wfd-2',
    task: 'wfd',
    title: 'Sample WFD 2: laboratory',
    refText: 'All students must wear safety glasses in the laboratory.',
  },
  {
    key: 'wfd-3',
    task: 'wfd',
    title: 'Sample WFD 3: research findings',
    refText: 'The research findings were published in an international journal.',
  },
];

const FONT = 'font-family="DejaVu Sans, Arial, sans-serif"';

function svg(body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400">\n<rect width="640" height="400" fill="#ffffff"/>\n${body}\n</svg>\n`;
}

function title(text) {
  return `<text x="320" y="32" text-anchor="middle" font-size="20" font-weight="bold" ${FONT} fill="#1f2937">${text}</text>`;
}

/** Horizontal grid lines with their values on the left, from 0 to `max`. */
function gridLines(parts, base, scale, max, step) {
  for (let tick = 0; tick <= max; tick += step) {
    const y = base - tick * scale;
    parts.push(`<line x1="70" x2="600" y1="${y}" y2="${y}" stroke="#e5e7eb"/>`);
    parts.push(
      `<text x="60" y="${y + 5}" text-anchor="end" font-size="13" ${FONT} fill="#374151">${tick}</text>`,
    );
  }
}

/** A label centred under the chart's baseline. */
function axisLabel(x, base, label) {
  return `<text x="${x}" y="${base + 22}" text-anchor="middle" font-size="14" ${FONT} fill="#111827">${label}</text>`;
}

function baseline(base) {
  return `<line x1="70" x2="600" y1="${base}" y2="${base}" stroke="#111827"/>`;
}

function barChart() {
  const bars = [
    ['Gas', 35, '#2563eb'],
    ['Wind', 25, '#16a34a'],
    ['Coal', 15, '#6b7280'],
    ['Solar', 15, '#eab308'],
    ['Hydro', 10, '#0891b2'],
  ];
  const base = 340;
  const scale = 7;
  const parts = [title('Electricity by source (%)')];
  gridLines(parts, base, scale, 40, 10);
  bars.forEach(([label, value, colour], index) => {
    const x = 100 + index * 100;
    const height = value * scale;
    parts.push(
      `<rect x="${x}" y="${base - height}" width="60" height="${height}" fill="${colour}"/>`,
    );
    parts.push(
      `<text x="${x + 30}" y="${base - height - 8}" text-anchor="middle" font-size="14" ${FONT} fill="#111827">${value}%</text>`,
    );
    parts.push(axisLabel(x + 30, base, label));
  });
  parts.push(baseline(base));
  return svg(parts.join('\n'));
}

function lineChart() {
  const points = [
    ['Jan', 2],
    ['Feb', 3.5],
    ['Mar', 6],
    ['Apr', 8],
    ['May', 6.5],
    ['Jun', 5],
  ];
  const base = 340;
  const scale = 32;
  const parts = [title('Museum visitors per month (thousands)')];
  gridLines(parts, base, scale, 8, 2);
  const xy = points.map(([, value], index) => [100 + index * 95, base - value * scale]);
  parts.push(
    `<polyline points="${xy.map(([x, y]) => `${x},${y}`).join(' ')}" fill="none" stroke="#dc2626" stroke-width="3"/>`,
  );
  points.forEach(([label, value], index) => {
    const [x, y] = xy[index];
    parts.push(`<circle cx="${x}" cy="${y}" r="5" fill="#dc2626"/>`);
    parts.push(
      `<text x="${x}" y="${y - 12}" text-anchor="middle" font-size="13" ${FONT} fill="#111827">${value}</text>`,
    );
    parts.push(axisLabel(x, base, label));
  });
  parts.push(baseline(base));
  return svg(parts.join('\n'));
}

function cycleDiagram() {
  const stages = [
    ['1. Evaporation', 320, 90, '#0ea5e9'],
    ['2. Condensation', 520, 210, '#64748b'],
    ['3. Rain', 320, 330, '#2563eb'],
    ['4. Rivers to the sea', 120, 210, '#16a34a'],
  ];
  const parts = [
    title('The water cycle'),
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#374151"/></marker></defs>',
  ];
  const arrows = [
    [400, 110, 500, 180],
    [500, 245, 400, 315],
    [240, 315, 150, 245],
    [150, 180, 240, 110],
  ];
  for (const [x1, y1, x2, y2] of arrows) {
    parts.push(
      `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#374151" stroke-width="3" marker-end="url(#arrow)"/>`,
    );
  }
  for (const [label, x, y, colour] of stages) {
    parts.push(
      `<rect x="${x - 95}" y="${y - 24}" width="190" height="48" rx="10" fill="${colour}"/>`,
    );
    parts.push(
      `<text x="${x}" y="${y + 6}" text-anchor="middle" font-size="16" ${FONT} fill="#ffffff">${label}</text>`,
    );
  }
  return svg(parts.join('\n'));
}

const PICTURES = { 'di-1.svg': barChart, 'di-2.svg': lineChart, 'di-3.svg': cycleDiagram };

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error(`${command} failed: ${result.error?.message ?? result.stderr}`);
  }
}

function speak(text, file, work) {
  const wav = join(work, 'speech.wav');
  // A steady, clear voice at an exam-like pace; 24 kbit/s Opus keeps speech clear and small.
  run('espeak-ng', ['-v', 'en-us', '-s', '145', '-w', wav, text]);
  run('opusenc', ['--quiet', '--bitrate', '24', '--downmix-mono', wav, join(OUT, file)]);
}

const work = mkdtempSync(join(tmpdir(), 'examiner-samples-'));
try {
  const manifest = [];
  for (const item of ITEMS) {
    const entry = {
      key: item.key,
      task: item.task,
      title: item.title,
      refText: item.refText,
      keywords: item.keywords ?? [],
      audio: null,
      image: null,
    };
    if (item.task === 'di') {
      writeFileSync(join(OUT, item.image), PICTURES[item.image]());
      entry.image = item.image;
    } else {
      entry.audio = `${item.key}.ogg`;
      speak(item.refText, entry.audio, work);
    }
    manifest.push(entry);
  }
  writeFileSync(join(OUT, 'manifest.json'), `${JSON.stringify({ items: manifest }, null, 2)}\n`);
  console.log(`Wrote ${manifest.length} sample items to ${OUT}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
