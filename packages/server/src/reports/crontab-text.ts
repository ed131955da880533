/**
 * A short English reading of common crontabs for the list's crontab_humanized column (the incumbent uses
 * cron-descriptor). Patterns it does not recognise are shown as written.
 */
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (n: number) => String(n).padStart(2, '0');
const isNum = (s: string) => /^\d+$/.test(s);

function at(minute: string, hour: string): string | null {
  if (!isNum(minute) || !isNum(hour)) return null;
  const h = Number(hour);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `At ${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(Number(minute))} ${suffix}`;
}

/**
 * @example
 * humanizeCrontab('0 9 * * 1'); // 'At 09:00 AM, only on Monday'
 */
export function humanizeCrontab(crontab: string): string {
  const parts = crontab.trim().split(/\s+/);
  if (parts.length !== 5) return crontab;
  const [minute, hour, dom, month, dow] = parts;
  if (parts.every((p) => p === '*')) return 'Every minute';
  const everyN = /^\*\/(\d+)$/.exec(minute);
  if (everyN && hour === '*' && dom === '*' && month === '*' && dow === '*') return `Every ${everyN[1]} minutes`;
  if (isNum(minute) && hour === '*' && dom === '*' && month === '*' && dow === '*') return `At ${minute} minutes past the hour`;
  const time = at(minute, hour);
  if (!time || month !== '*') return crontab;
  if (dom === '*' && dow === '*') return time;
  if (dom === '*' && dow === '1-5') return `${time}, Monday through Friday`;
  if (dom === '*' && isNum(dow) && Number(dow) < 7) return `${time}, only on ${DAYS[Number(dow)]}`;
  if (isNum(dom) && dow === '*') return `${time}, on day ${dom} of the month`;
  return crontab;
}
