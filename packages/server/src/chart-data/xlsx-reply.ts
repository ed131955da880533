import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodeXlsx } from './encode-xlsx';
import type { QueryContextInput, QueryResult } from './run-query-context';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The saved chart's name for the sheets, else the name the form data carries, else a neutral one. */
async function chartNameOf(request: FastifyRequest, context: QueryContextInput): Promise<string> {
  const sliceId = Number(context.form_data?.slice_id);
  if (Number.isInteger(sliceId) && sliceId > 0) {
    const slice = await request.server.lumen.store.db.selectFrom('slices').select('slice_name').where('id', '=', sliceId).executeTakeFirst();
    if (slice?.slice_name) return slice.slice_name;
  }
  const named = context.form_data?.slice_name;
  return typeof named === 'string' && named ? named : 'Chart data';
}

/**
 * Answers chart data as an .xlsx workbook, one sheet per query (encode-xlsx.ts), as an attachment named like
 * the CSV download.
 */
export async function sendChartDataXlsx(request: FastifyRequest, reply: FastifyReply, context: QueryContextInput, results: QueryResult[], filename: string): Promise<FastifyReply> {
  const tables = results.filter((r) => r.frame).map((r) => ({ colnames: r.frame!.colnames, columns: r.frame!.columns, temporal: r.temporal }));
  const workbook = await encodeXlsx(await chartNameOf(request, context), tables);
  return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', `attachment; filename="${filename}.xlsx"`).send(workbook);
}
