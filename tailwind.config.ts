import type { Config } from 'tailwindcss';

/**
 * Design tokens. Tailwind 4 reads this file through `@config` in client/src/styles.css.
 * Palette: pine greens, warm wood browns, Rim red rock, cream paper.
 */
export default {
  content: ['./client/index.html', './client/src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        pine: {
          50: '#f1f6f2',
          100: '#dde9e0',
          200: '#b9d2c0',
          300: '#8db49a',
          400: '#5f9070',
          500: '#3f7352',
          600: '#2f5d3f',
          700: '#264b34',
          800: '#1f3d2b',
          900: '#162c1f',
          950: '#0d1b13',
        },
        wood: {
          50: '#fbf6ef',
          100: '#f4e8d6',
          200: '#e8cfab',
          300: '#d9b07b',
          400: '#c98f4f',
          500: '#b07a45',
          600: '#8b5a2b',
          700: '#6f4522',
          800: '#57371d',
          900: '#3d2715',
        },
        rim: {
          400: '#d0735a',
          500: '#b5543c',
          600: '#9a4430',
          700: '#7c3626',
        },
        cream: {
          50: '#fdfaf4',
          100: '#f8f1e4',
          200: '#f1e5cf',
        },
        ink: {
          DEFAULT: '#1e1b16',
          soft: '#4a443a',
          muted: '#5f574b',
        },
      },
      fontFamily: {
        display: ['"Roboto Slab"', 'Georgia', 'serif'],
        sans: ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'],
      },
      maxWidth: {
        site: '76rem',
      },
    },
  },
} satisfies Config;
