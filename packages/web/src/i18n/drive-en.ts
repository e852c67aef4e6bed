/**
 * The drivers' page (/drive, issue 40), in a catalogue of its own that only its chunk carries.
 * Written for a driver glancing at a phone in the cab: short, plain, one thing a line. All ours.
 */
export const driveEn = {
  heading: 'For drivers',
  signIn: {
    heading: 'Sign in with your driver account',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    required: 'Fill this in',
    noToken: 'The server answered without an access token',
    sessionEnded: 'You were signed out: sign in again',
  },
  signOut: 'Sign out',
  choose: {
    locating: 'Finding where the phone is…',
    nearHeading: 'Trips starting near you',
    none: 'No trip starts near here within the next hour.',
    /** A trip to start: 'M35 at 11:56'. */
    trip: (line: string, time: string) => `${line} at ${time}`,
    route: (from: string, to: string) => `${from} → ${to}`,
    /** How far the trip's first stop is: '350 m away', '1.2 km away'. */
    away: (metres: number) => (metres < 1000 ? `${metres} m away` : `${(metres / 1000).toFixed(1)} km away`),
    findHeading: 'Or type the line and the time',
    line: 'Line',
    time: 'Departure time',
    timeHint: 'When it leaves its first stop',
    find: 'Find the trip',
    notFound: 'No trip of this line leaves its first stop at that time today.',
    start: 'Start the trip',
    starting: 'Starting…',
    back: 'Choose another trip',
    stops: 'Stops of the trip',
  },
  driving: {
    passed: (passed: number, total: number) => `Stops passed: ${passed} of ${total}`,
    nextStop: (name: string) => `Next stop: ${name}`,
    /** Minutes late (negative: early) at the next stop. */
    delay: (minutes: number) =>
      minutes === 0 ? 'On time' : minutes > 0 ? `${minutes} min late` : `${-minutes} min early`,
    waiting: 'Waiting for the phone’s position…',
    sent: (time: string) => `Position sent at ${time}`,
    offline: 'No connection: the newest position is kept and sent as soon as the connection is back.',
    signalLost:
      'No position from the phone for 30 seconds: riders cannot see the bus. Check that location is on.',
    unavailable: 'The phone cannot find where it is right now: riders cannot see the bus.',
    permissionLost:
      'This site may not use the phone’s location: allow it in the browser’s settings, or riders cannot see the bus.',
    noGeolocation: 'This browser cannot tell where the phone is.',
    awake: 'The screen stays on while you drive.',
    stop: 'End the trip',
    stopping: 'Ending…',
  },
  over: {
    stopped: 'The trip has ended.',
    ended: 'The bus reached its last stop: the trip is over.',
    nextHeading: 'Your next trip',
  },
};

export type DriveMessages = typeof driveEn;
