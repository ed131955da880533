/**
 * The side-effecting entry `@lumen-bi/elements/define`: registers <bi-dashboard>, <bi-chart> and
 * <bi-sqllab>. Importing the package root registers nothing.
 */
import './element-types';
import { defineElements } from './define-elements';

defineElements();
