/**
 * An article's blocks as React elements: its text is only ever text (a `<` shows as `<`), links are
 * those the server let through (a /help-center/ path or https). Headings carry their anchors, with a
 * link to each for copying. On the phone apps' page (`mobile`) nothing leads out of it: a help-centre
 * link opens its /mobile- page, an https link is shown as its text.
 */
import { Link } from 'wouter';
import type { HelpBlock, HelpInline } from '../../../../server/src/contract/help.js';
import { useI18n } from '../../../lib/use-i18n';

const HELP_PATH = /^\/help-center\/([a-z0-9-]+)\/?(#[a-z0-9-]+)?$/;

function Inline({ part, mobile }: { part: HelpInline; mobile: boolean }) {
  switch (part.kind) {
    case 'strong':
      return <strong>{part.text}</strong>;
    case 'em':
      return <em>{part.text}</em>;
    case 'link': {
      const help = HELP_PATH.exec(part.href);
      if (help) return <Link href={mobile ? `/mobile-${help[1]}${help[2] ?? ''}` : part.href}>{part.text}</Link>;
      if (mobile) return <>{part.text}</>;
      return (
        <a href={part.href} rel="noopener noreferrer" target="_blank">
          {part.text}
        </a>
      );
    }
    default:
      return <>{part.text}</>;
  }
}

function Content({ content, mobile }: { content: HelpInline[]; mobile: boolean }) {
  return content.map((part, index) => <Inline key={index} part={part} mobile={mobile} />);
}

export function ArticleBody({ blocks, mobile = false }: { blocks: HelpBlock[]; mobile?: boolean }) {
  const i18n = useI18n();
  return (
    <div className="help-article-body">
      {blocks.map((block, index) => {
        if (block.kind === 'heading') {
          const Heading = block.level === 2 ? 'h2' : 'h3';
          // The anchor's link beside the heading, not in it: the heading's name stays its text alone.
          return (
            <div key={index} className="help-heading">
              <Heading id={block.id}>{block.text}</Heading>
              {mobile ? null : (
                <a
                  className="help-anchor"
                  href={`#${block.id}`}
                  aria-label={`${i18n.t('help_heading_link')}: ${block.text}`}
                >
                  #
                </a>
              )}
            </div>
          );
        }
        if (block.kind === 'paragraph')
          return (
            <p key={index}>
              <Content content={block.content} mobile={mobile} />
            </p>
          );
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={index}>
            {block.items.map((item, at) => (
              <li key={at}>
                <Content content={item} mobile={mobile} />
              </li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
