/**
 * /projects/hissa (Hissa, issue 42, docs/hissa.md): the projects near the account, one project with
 * Contribute (`?id=`), and my contributions (`?mine=1`). One screen reads which from its address (as /pay
 * does), so the route table stays one route and Back moves between the views.
 */
import { useSearch } from 'wouter';
import { HissaNav } from '../components/hissa-nav';
import { MineView } from '../components/mine-view';
import { ProjectView } from '../components/project-view';
import { ProjectsView } from '../components/projects-view';
import { hissaView } from '../models/hissa-address';

export default function HissaScreen() {
  const view = hissaView(useSearch());
  return (
    <div className="stack hissa">
      <HissaNav current={view.kind === 'project' ? null : view.kind} />
      {view.kind === 'project' ? <ProjectView key={view.id} id={view.id} /> : null}
      {view.kind === 'mine' ? <MineView page={view.page} /> : null}
      {view.kind === 'projects' ? <ProjectsView {...view.place} page={view.page} /> : null}
    </div>
  );
}
