/**
 * The projects near me: the place (the default address's, or the chosen one) with a way to change it,
 * then the projects as cards, paged. No address and no choice: the chooser first, with why.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { LoadState } from '../../../components/load-state';
import { useFocusOnOpen } from '../../../lib/use-focus-on-open';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import { hissaApi, type HissaPlace } from '../api/hissa-api';
import { projectsAddress } from '../models/hissa-address';
import { createProjectsModel } from '../models/projects-model';
import { PlaceChooser, placeName } from './place-chooser';
import { Pager } from './pager';
import { ProjectCard } from './project-card';

export function ProjectsView({ region, district, page }: HissaPlace & { page: number }) {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError, navigate } = useServices();
  const [model] = useState(() => createProjectsModel({ api: hissaApi(http, config), showError }));
  const [changing, setChanging] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // "Change the place" opens the chooser with the focus on its first select (WCAG 2.2 §2.4.3).
  const opened = useFocusOnOpen<HTMLElement>(changing);
  const now = useNow(false);
  useEffect(() => void model.load({ region, district }, page), [model, region, district, page]);
  const place: HissaPlace = { region, district };
  const data = model.data.value;
  const regions = model.regions.value;
  const ready = model.state.value === 'ready';
  const shown: HissaPlace = { region: data.region, district: data.district };
  const locale = i18n.locale.value;
  const choose = (next: HissaPlace) => {
    setChanging(false);
    navigate(projectsAddress(next));
    heading.current?.focus();
  };
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {i18n.t('title_hissa')}
      </h1>
      <p className="hissa-muted">{i18n.t('hissa_intro')}</p>
      <LoadState state={model.state.value} onRetry={() => void model.retry()} />
      {ready && (changing || !data.region) ? (
        <section className="panel stack" aria-labelledby="hissa-place-title" ref={opened}>
          <h2 id="hissa-place-title">{i18n.t('hissa_place_title')}</h2>
          {data.region ? null : <p>{i18n.t('hissa_place_why')}</p>}
          <PlaceChooser
            regions={regions}
            place={data.region ? shown : place}
            error={model.placeError.value}
            onChoose={choose}
            onCancel={data.region ? () => setChanging(false) : undefined}
          />
        </section>
      ) : null}
      {ready && data.region && !changing ? (
        <section className="panel hissa-place" aria-labelledby="hissa-place-title">
          <h2 id="hissa-place-title" className="hissa-place-name">
            <Icon name="map-pin" /> {placeName(regions, shown, locale)}
          </h2>
          <Button variant="secondary" onClick={() => setChanging(true)}>
            {i18n.t('hissa_place_change')}
          </Button>
        </section>
      ) : null}
      {ready && data.region && data.count === 0 ? (
        <div className="panel">
          <EmptyState icon="map-pin" title={i18n.t('hissa_empty_title')} text={i18n.t('hissa_empty_text')} />
        </div>
      ) : null}
      {ready && data.results.length > 0 ? (
        <section className="stack" aria-label={i18n.t('hissa_projects_title')}>
          {data.results.map((project) => (
            <ProjectCard key={project.id} project={project} place={placeName(regions, project, locale)} now={now} />
          ))}
        </section>
      ) : null}
      {ready ? <Pager page={page} pages={model.pages.value} href={(to) => projectsAddress(place, to)} /> : null}
    </>
  );
}
