import type { ChangesMessages } from './changes-en.ts';

/** Eismo pakeitimai, kaip juos mato keleiviai (see changes-en.ts). „Atšauktas“ – iš užduoties. */
export const changesLt: ChangesMessages = {
  cancelled: 'Atšauktas',
  planned: (time: string) => `planuota ${time}`,
  notServed: 'Šioje stotelėje nestoja',
  valid: (dates: string) => (dates === '' ? 'Iki atskiro pranešimo' : `Galioja ${dates}`),
  more: 'Daugiau informacijos',
  insteadStop: (name: string) => `Naudokitės stotele „${name}“`,
};
