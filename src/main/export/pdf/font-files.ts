import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Not named `require`: the bundler declares its own in the built main chunk.
const resolvePackage = createRequire(import.meta.url);

/** The @embedpdf font packages export only their index, which sits in dist/ beside fonts/. */
function embedPdfFont(pkg: string, file: string): string {
  return join(dirname(resolvePackage.resolve(pkg)), '..', 'fonts', file);
}

function expoFont(pkg: string, weight: string, family: string): string {
  return resolvePackage.resolve(`${pkg}/${weight}/${family}_${weight}.ttf`);
}

export type Weight = 'regular' | 'bold';

/** Where a font comes from; the same face is used for both weights when the bold is not shipped. */
export type FontFace = Record<Weight, string>;

/**
 * DejaVu Sans for Latin, Greek and Cyrillic (the built-in PDF fonts only cover
 * Windows-1252), Noto for the scripts it lacks. The CJK faces ship in their regular weight
 * only: their bold would add about 18 MB to the installer for headings alone.
 */
export const FONT_FACES = {
  body: {
    regular: resolvePackage.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: resolvePackage.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  },
  chinese: sameWeights(embedPdfFont('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf')),
  japanese: sameWeights(embedPdfFont('@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf')),
  korean: sameWeights(embedPdfFont('@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf')),
  arabic: {
    regular: embedPdfFont('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'),
    bold: embedPdfFont('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Bold.ttf'),
  },
  thai: {
    regular: expoFont('@expo-google-fonts/noto-sans-thai', '400Regular', 'NotoSansThai'),
    bold: expoFont('@expo-google-fonts/noto-sans-thai', '700Bold', 'NotoSansThai'),
  },
  devanagari: {
    regular: expoFont(
      '@expo-google-fonts/noto-sans-devanagari',
      '400Regular',
      'NotoSansDevanagari',
    ),
    bold: expoFont('@expo-google-fonts/noto-sans-devanagari', '700Bold', 'NotoSansDevanagari'),
  },
} satisfies Record<string, FontFace>;

export type FaceName = keyof typeof FONT_FACES;

function sameWeights(file: string): FontFace {
  return { regular: file, bold: file };
}
