import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <main>
        <h1>Platen</h1>
        <p>Fill PDF templates from a form or an API.</p>
      </main>
    </StrictMode>,
  );
}
