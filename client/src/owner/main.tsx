import { createRoot } from 'react-dom/client';
import '../styles.css';
import { OwnerApp } from './app/owner-app';
import { restoreFragment } from './app/same-site-arrival';

/** The owner's inbox: a separate entry (client/owner.html), so no public page loads any of it. */
restoreFragment();
createRoot(document.getElementById('root')!).render(<OwnerApp />);
