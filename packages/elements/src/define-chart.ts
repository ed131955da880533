/** Side-effecting entry `@lumen-bi/elements/define/chart`: registers <bi-chart> only (and loads only its code). */
import './element-types';
import { chartElementClass } from './chart-element';
import { defineElement } from './define-element';

defineElement('bi-chart', chartElementClass);
