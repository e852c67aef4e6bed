import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { LoadError } from '../ui/bits.tsx';
import { FeedStatus } from './feed-status.tsx';
import { PublishingEditor } from './publishing-editor.tsx';
import './publishing.css';

/**
 * Publishing (/admin-panel/publishing): the timetable as open data (a GTFS feed at /gtfs.zip).
 * The settings the feed needs and the timetable does not hold (the site's address, the
 * publisher, each operator's web address and phone, the feed period), saved together; below,
 * whether the feed can be published, and if not, every problem with a way to the place to fix it.
 */
export function PublishingPage() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const overview = useQuery(trpc.admin.publishing.get.queryOptions());
  // After a save the editor starts again from what is stored.
  const [generation, setGeneration] = useState(0);

  let body: ReactNode;
  if (overview.isPending) body = <Loading />;
  else if (overview.isError) body = <LoadError error={overview.error} />;
  else
    body = (
      <>
        <PublishingEditor key={generation} data={overview.data} onSaved={() => setGeneration((g) => g + 1)} />
        <FeedStatus data={overview.data} />
      </>
    );

  return (
    <div className="publishing">
      <h1>{m.publishing.heading}</h1>
      <p className="publishing__intro">{m.publishing.intro}</p>
      {body}
    </div>
  );
}
