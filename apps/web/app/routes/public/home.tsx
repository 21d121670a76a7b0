import { paths } from '../../config/paths.ts';
import { BannerCarousel } from '../../features/home/components/banner-carousel.tsx';
import { HomePopup } from '../../features/home/components/home-popup.tsx';
import { TaxBenefits } from '../../features/home/components/tax-benefits.tsx';
import { TestimonialsCarousel } from '../../features/home/components/testimonials-carousel.tsx';
import { WelcomeSection } from '../../features/home/components/welcome-section.tsx';
import { HOME_CSS } from '../../features/home/home-css.server.ts';
import { TESTIMONIALS } from '../../features/testimonials/testimonials.ts';
import { ISLANDS_PAGE, loadAsDocument, type IslandsPageData } from '../../lib/islands.ts';
import { publicMeta, usePublicLayoutData } from '../../lib/seo.ts';
import type { Route } from './+types/home';

// Served as HTML without React (ADR 021): the carousels and the popup are islands; their CSS is inlined.
export const handle = ISLANDS_PAGE;
export const loader = (): IslandsPageData => ({ pageCss: HOME_CSS });
export const clientLoader = loadAsDocument;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'US and India tax preparation and accounting',
    description:
      'Tax preparation, filing and advice for US and India-linked taxpayers: individual and business returns, ITIN, FBAR and Indian tax services.',
    path: paths.home.getHref(),
  });
}

export default function Home() {
  const { settings } = usePublicLayoutData();
  return (
    <>
      <BannerCarousel />
      <WelcomeSection firmName={settings.firm_name} />
      <TaxBenefits />
      <TestimonialsCarousel reviews={TESTIMONIALS} moreHref={paths.testimonials.getHref()} />
      <HomePopup
        enabled={settings.sitepopupsetting}
        type={settings.popuptype}
        offerEndDate={settings.offer_end_date}
        firmName={settings.firm_name}
      />
    </>
  );
}
