import type { NextBusesMessages } from './next-buses-en.ts';

/** Next buses now's texts in Lithuanian (see next-buses-en.ts). */
export const nextBusesLt: NextBusesMessages = {
  next: 'Artimiausi autobusai',
  wait: (h: number, min: number) =>
    h + min ? `po ${h ? `${h} val. ` : ''}${min ? `${min} min.` : ''}`.trim() : 'dabar',
  noMore: 'Šiandien autobusų nebėra',
  firstTomorrow: 'Pirmas autobusas rytoj:',
  firstOn: (weekday: string, day: string) => `Pirmas autobusas ${day} (${weekday}):`,
};
