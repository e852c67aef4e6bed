import type { MapMessages } from './map-en.ts';

/** Keleivių žemėlapiai (see map-en.ts). „Žemėlapis“ ir „Artimiausios stotelės“ – iš užduoties. */
export const mapLt: MapMessages = {
  heading: 'Žemėlapis',
  label: 'Stotelių žemėlapis',
  intro: 'Pasirinkite stotelę žemėlapyje ir pamatysite jos išvykimo laikus.',
  noStops: 'Žemėlapyje dar nepažymėta nė viena stotelė.',
  tilesFailed: 'Žemėlapio pagrindo įkelti nepavyko: stotelės ir maršrutas rodomi ant vienspalvio fono.',
  proposed: (name: string) => `${name} (siūloma vieta)`,
  routeStops: 'Maršruto stotelės iš eilės',
  nearMe: 'Artimiausios stotelės',
  locating: 'Nustatoma, kur esate…',
  refused:
    'Neleidote šiai svetainei sužinoti, kur esate, todėl artimiausių stotelių rasti negalime. Tai galite leisti naršyklės nustatymuose arba pasirinkti stotelę žemėlapyje.',
  unavailable:
    'Šiuo metu nepavyksta nustatyti, kur esate, todėl negalime rasti ir artimiausių stotelių. Bandykite dar kartą arba pasirinkite stotelę žemėlapyje.',
  nearestHeading: 'Arčiausiai jūsų esančios stotelės',
  distance: (metres: number) =>
    metres < 1000 ? `${metres} m` : `${(metres / 1000).toFixed(1).replace('.', ',')} km`,
  away: (distance: string) => `už ${distance}`,
  nextDepartures: (stop: string) => `Artimiausi išvykimai iš stotelės „${stop}“`,
  noMoreToday: 'Šiandien autobusų nebėra',
  departuresOf: (stop: string) => `Visi išvykimai iš stotelės „${stop}“`,
  lineMap: (direction: string) => `Maršrutas žemėlapyje: ${direction}`,
  placedOf: (placed: number, total: number) =>
    placed === 0
      ? 'Nė viena šio maršruto stotelė dar nepažymėta žemėlapyje.'
      : `Žemėlapyje pažymėta šio maršruto stotelių: ${placed} iš ${total}.`,
};
