import { startIslands } from './app/islands/start';
import './styles.css';

/**
 * Every page arrives prerendered and complete: its links, phone and text links and the plain
 * quote form work without scripts. This script (a few KB, no React) only wakes the page's
 * interactive parts, each on its own and when needed (app/islands/start.ts).
 */
startIslands();
