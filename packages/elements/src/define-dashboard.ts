/** Side-effecting entry `@lumen-bi/elements/define/dashboard`: registers <bi-dashboard> only. */
import './element-types';
import { dashboardElementClass } from './dashboard-element';
import { defineElement } from './define-element';

defineElement('bi-dashboard', dashboardElementClass);
