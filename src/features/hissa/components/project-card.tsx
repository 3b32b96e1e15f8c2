/**
 * A project in the list: its cover through the CDN (docs/product.md §9, as reviews' logos) or a neutral
 * block with an icon, the title as the link to its page, the place, the tally and the status.
 */
import { Link } from 'wouter';
import { Icon } from '../../../components/icon';
import { imageUrl } from '../../../lib/format/image-url';
import { useServices } from '../../../lib/services';
import type { HissaProjectView } from '../api/hissa-api';
import { projectAddress } from '../models/hissa-address';
import { StatusBadge, Tally } from './tally';

/**
 * The cover, decorative (the title is written beside it), at 400x: the largest width the image CDN serves
 * (server/src/services/photo-store.ts, IMAGE_SIZES), wide enough for a phone's column.
 */
export function Cover({ path }: { path: string | null }) {
  const { config } = useServices();
  const url = path ? imageUrl(path, config.imageCdn, '400x') : '';
  if (!url)
    return (
      <div className="hissa-cover hissa-cover-none">
        <Icon name="users" />
      </div>
    );
  return <img className="hissa-cover" src={url} alt="" loading="lazy" />;
}

export function ProjectCard({ project, place, now }: { project: HissaProjectView; place: string; now: number }) {
  const headingId = `hissa-project-${project.id}`;
  return (
    <article className="panel hissa-card" aria-labelledby={headingId}>
      <Cover path={project.cover} />
      <div className="stack-tight hissa-card-body">
        <div className="hissa-card-head">
          <h2 id={headingId}>
            <Link href={projectAddress(project.id)}>{project.title}</Link>
          </h2>
          <StatusBadge project={project} />
        </div>
        <p className="hissa-muted">
          <Icon name="map-pin" /> {place}
        </p>
        <Tally project={project} now={now} />
      </div>
    </article>
  );
}
