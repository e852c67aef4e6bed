import { formatCheckReport, systemClock } from '@bus/core';
import { timetableCheck } from '../services/admin/timetable-check.ts';
import type { CliCommand } from './commands.ts';

export const checkCommands: CliCommand[] = [
  {
    name: 'check',
    synopsis: '[--json]',
    summary: 'run every data check over the timetable, as the admin Timetable check page (exit 1 on errors)',
    options: { json: { type: 'boolean' } },
    positionals: [],
    async run(context, { values }) {
      const db = await context.database({ mustExist: true });
      const report = await timetableCheck(db, systemClock);
      if (values.json === true) context.out(JSON.stringify(report, null, 2));
      else for (const line of formatCheckReport(report)) context.out(line);
      return report.errors > 0 ? 1 : 0;
    },
  },
];
