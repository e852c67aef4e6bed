import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { preferredLanguage, switchLanguage } from './i18n/index.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The catalogue of the visitor's language comes first: no text is shown in the other one.
void switchLanguage(preferredLanguage()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
