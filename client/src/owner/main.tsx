import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import '../styles.css';
import { OwnerApp } from './owner-app';
import { registerInboxWorker } from './push';

/** The owner's inbox: a separate entry (client/owner.html), so no public page loads any of it. */
createRoot(document.getElementById('root')!).render(<OwnerApp />);
// Installable, and the home of the notifications; a tapped notification opens its request here.
registerInboxWorker((path) => navigate(path));
