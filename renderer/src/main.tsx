import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connect } from './bridge/connect';
import { PopupApp } from './PopupApp';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The tray's popup loads this same page with `?view=popup` (the browser host takes it too).
const popup = new URLSearchParams(location.search).get('view') === 'popup';
const connection = connect();
createRoot(root).render(
  <StrictMode>
    {popup ? <PopupApp connection={connection} /> : <App connection={connection} />}
  </StrictMode>,
);
