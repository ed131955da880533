/** Control panel of deck_multi (the incumbent's controls: the charts to layer, filters for every layer). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';
import { deckMapRows } from '../deck-shared/controls';

/** The deck_multi panel. */
export const deckMultiControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Map',
      expanded: true,
      controlSetRows: [
        [
          custom('deck_slices', {
            type: 'DeckChartsControl',
            label: 'deck.gl charts',
            multi: true,
            default: [],
            validators: ['nonEmpty'],
            description: 'Pick a set of deck.gl charts to layer on top of one another',
          }),
        ],
        ...deckMapRows(),
      ],
    },
    querySection([[control('adhoc_filters', { description: 'Filters applied to every layer, added to each chart\'s own filters' })]]),
  ],
};
