import { badRequest } from '../errors';

/**
 * Annotation layers resolved on the server: layers backed by another saved chart (sourceType 'table' or
 * 'line', value = that chart's id) are queried with the same user and delivered as records under
 * annotation_data[layer name]. Formula layers are computed by the client and passed over here (not an
 * error: the incumbent's client finds no server data for them); NATIVE layers are read from the annotation
 * tables by native-annotations.ts.
 */
export interface ChartAnnotationLayer {
  name: string;
  sliceId: number;
}

export function chartBackedLayers(layers: Record<string, unknown>[]): ChartAnnotationLayer[] {
  const result: ChartAnnotationLayer[] = [];
  layers.forEach((layer, i) => {
    if (layer.show === false) return;
    const source = layer.sourceType;
    if (source !== 'table' && source !== 'line') return;
    if (typeof layer.name !== 'string' || !layer.name) throw badRequest(`annotation_layers[${i}].name must be a non-empty string`);
    const sliceId = Number(layer.value);
    if (!Number.isInteger(sliceId) || sliceId < 1) throw badRequest(`annotation_layers[${i}].value must be the id of a saved chart`);
    result.push({ name: layer.name, sliceId });
  });
  return result;
}
