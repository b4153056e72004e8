import { M } from '../../../shared/messages/public';
import { readAppError } from '../../lib/appError';
import { usePageTitle } from '../site/pageTitle';
import { FullPageLoader } from '../common/FullPageLoader';
import { LoadError } from '../common/LoadError';
import { ContactSection } from './ContactSection';
import { CtaBand } from './CtaBand';
import { FeaturesSection } from './FeaturesSection';
import { HeroSection } from './HeroSection';
import { PortfolioSection } from './PortfolioSection';
import { StatsStrip } from './StatsStrip';
import { TestimonialsSection } from './TestimonialsSection';
import { useLanding } from './useLanding';

/** `/`: every text and list comes from `content.landing` (admin-edited, defaults filled in). */
export default function LandingPage() {
  usePageTitle(M.titles.home);
  const landing = useLanding();

  if (landing.isPending) return <FullPageLoader />;
  if (landing.isError) {
    // The contact section needs only the site settings: keep it reachable (header "İletişim").
    return (
      <>
        <LoadError message={readAppError(landing.error).message} onRetry={() => void landing.refetch()} minHeight="40vh" />
        <ContactSection />
      </>
    );
  }

  const { content, claims, stats, features, portfolio, testimonials } = landing.data;
  return (
    <>
      <HeroSection hero={content.hero} upscale4k={claims.upscale4k} />
      <StatsStrip title={content.stats.title ?? ''} stats={stats} />
      <FeaturesSection texts={content.features} features={features} />
      <PortfolioSection texts={content.portfolio} items={portfolio} />
      <TestimonialsSection texts={content.testimonials} items={testimonials} />
      <ContactSection />
      <CtaBand
        title={content.cta.title ?? ''}
        subtitle={content.cta.subtitle ?? ''}
        button={content.cta.button ?? ''}
        note={M.landing.ctaNote}
      />
    </>
  );
}
