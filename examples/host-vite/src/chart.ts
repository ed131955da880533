/**
 * The chart page: only <bi-chart>, through its own entry, so the page downloads the chart element's code
 * and not the dashboard's or SQL Lab's. The element is created after its tag is defined, so its properties
 * (fetchGuestToken) land on the element class and not on a not-yet-upgraded element.
 */
import '@lumen-bi/elements/define/chart';
import { CHART_ID, fetchGuestToken, LUMEN_URL } from './config';

const chart = document.createElement('bi-chart');
chart.fetchGuestToken = fetchGuestToken;
chart.setAttribute('api-url', LUMEN_URL);
chart.setAttribute('chart-id', CHART_ID);
chart.addEventListener('bi-ready', () => document.body.setAttribute('data-chart-ready', ''));
chart.addEventListener('bi-error', (event) => console.error(event.detail.code, event.detail.message));
document.getElementById('mount')!.append(chart);
