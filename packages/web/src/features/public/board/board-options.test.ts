import { describe, expect, it } from 'vitest';
import { type BoardOptions, boardPath, DEFAULT_ROWS, readBoardOptions } from './board-options.ts';

const defaults: Omit<BoardOptions, 'stops'> = {
  title: '',
  lang: 'lt',
  rows: 8,
  theme: 'dark',
  orientation: 'landscape',
};

describe('readBoardOptions: the board’s address (issue 42)', () => {
  it('reads every option', () => {
    expect(
      readBoardOptions(
        '?stops=1,27&title=Anyk%C5%A1%C4%8Di%C5%B3%20AS&lang=both&rows=12&theme=light&orientation=portrait',
      ),
    ).toEqual({
      options: {
        stops: [1, 27],
        title: 'Anykščių AS',
        lang: 'both',
        rows: 12,
        theme: 'light',
        orientation: 'portrait',
      },
      problems: [],
    });
  });

  it('without options: the defaults, the rows by the orientation', () => {
    expect(readBoardOptions('stops=5')).toEqual({ options: { stops: [5], ...defaults }, problems: [] });
    expect(readBoardOptions('stops=5&orientation=portrait').options.rows).toBe(DEFAULT_ROWS.portrait);
  });

  it('takes stops however they are listed, each once, and spaces or case in the options', () => {
    const { options, problems } = readBoardOptions('?stops=3,%201,,3&stops=7&lang=%20EN%20&theme=Light');
    expect(options).toMatchObject({ stops: [3, 1, 7], lang: 'en', theme: 'light' });
    expect(problems).toEqual([]);
  });

  it('leaves out what is no stop id and says so; none left: no stops', () => {
    expect(readBoardOptions('stops=1,abc,-2,2.5,0,4').problems).toEqual([
      { kind: 'badStop', value: 'abc' },
      { kind: 'badStop', value: '-2' },
      { kind: 'badStop', value: '2.5' },
      { kind: 'badStop', value: '0' },
    ]);
    expect(readBoardOptions('stops=1,abc,-2,2.5,0,4').options.stops).toEqual([1, 4]);
    expect(readBoardOptions('stops=x').problems).toEqual([
      { kind: 'noStops' },
      { kind: 'badStop', value: 'x' },
    ]);
    expect(readBoardOptions('').problems).toEqual([{ kind: 'noStops' }]);
  });

  it('shows at most 10 stops, naming the ones left out', () => {
    const { options, problems } = readBoardOptions('stops=1,2,3,4,5,6,7,8,9,10,11,12');
    expect(options.stops).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(problems).toEqual([{ kind: 'tooManyStops', max: 10, left: [11, 12] }]);
  });

  it.each([
    ['0', 1],
    ['99', 20],
    ['many', 8],
    ['7.5', 8],
  ])('rows=%s cannot be used: %i, and says so', (rows, used) => {
    const { options, problems } = readBoardOptions(`stops=1&rows=${rows}`);
    expect(options.rows).toBe(used);
    expect(problems).toEqual([{ kind: 'badRows', value: rows, used }]);
  });

  it('an option that is none of its values: the default, and says so', () => {
    const { options, problems } = readBoardOptions('stops=1&lang=de&theme=pink&orientation=up');
    expect(options).toMatchObject({ lang: 'lt', theme: 'dark', orientation: 'landscape' });
    expect(problems).toEqual([
      { kind: 'badOption', option: 'lang', value: 'de', used: 'lt' },
      { kind: 'badOption', option: 'theme', value: 'pink', used: 'dark' },
      { kind: 'badOption', option: 'orientation', value: 'up', used: 'landscape' },
    ]);
  });

  it('a title too long for one line is shortened, and says so', () => {
    const { options, problems } = readBoardOptions(`stops=1&title=${'Ą'.repeat(70)}`);
    expect([...options.title]).toHaveLength(60);
    expect(options.title.endsWith('…')).toBe(true);
    expect(problems).toEqual([{ kind: 'titleTooLong', max: 60 }]);
  });
});

describe('boardPath: the address the builder gives', () => {
  it('names the stops, and the options only where they are not the defaults', () => {
    expect(boardPath({ stops: [1, 27], ...defaults })).toBe('/board?stops=1,27');
    expect(
      boardPath({
        stops: [1],
        title: 'Anykščių AS & co',
        lang: 'both',
        rows: 10,
        theme: 'light',
        orientation: 'portrait',
      }),
    ).toBe(
      '/board?stops=1&title=Anyk%C5%A1%C4%8Di%C5%B3+AS+%26+co&lang=both&rows=10&theme=light&orientation=portrait',
    );
  });

  it('reads back as it was made', () => {
    const options: BoardOptions = {
      stops: [27, 1, 115],
      title: 'Stotis: išvykimai',
      lang: 'en',
      rows: 5,
      theme: 'light',
      orientation: 'landscape',
    };
    const path = boardPath(options);
    expect(readBoardOptions(path.slice(path.indexOf('?')))).toEqual({ options, problems: [] });
  });
});
