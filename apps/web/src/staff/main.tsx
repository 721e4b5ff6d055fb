import '../ui/fonts.css';
import '../ui/tokens.css';
import '../ui/base.css';
import './staff.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StaffApp } from './staff-app';

// The restaurant's own app (issue 17): its own bundle under /staff, nothing of it in the guest app.
const container = document.getElementById('root');
if (!container) throw new Error('staff.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <StaffApp />
  </StrictMode>,
);
