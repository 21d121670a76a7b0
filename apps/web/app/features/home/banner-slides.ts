import {
  IconCalculator,
  IconCurrencyRupee,
  IconFileDollar,
  IconReceiptTax,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';

export type BannerSlide = {
  id: string;
  /** A short label above the heading. */
  eyebrow: string;
  title: string;
  text: string;
  cta: string;
  href: string;
  /** The slide's colour scheme (see banner-carousel.module.css). */
  tone: 'navy' | 'teal' | 'indigo' | 'slate';
  icon: Icon;
};

/** The home page's four banner slides: each points to one part of the site. */
export const BANNER_SLIDES: readonly BannerSlide[] = [
  {
    id: 'us-tax',
    eyebrow: 'US tax services',
    title: 'US tax returns, prepared by specialists',
    text: 'Federal and state returns for individuals and businesses, with ITIN, FBAR and FATCA reporting handled alongside.',
    cta: 'Explore US tax services',
    href: paths.usTaxServices.getHref(),
    tone: 'navy',
    icon: IconFileDollar,
  },
  {
    id: 'india-tax',
    eyebrow: 'Indian tax services',
    title: 'Indian tax filing and advice for NRIs',
    text: 'Income tax returns, PAN and TAN, audits and business set-up in India, coordinated with your US return.',
    cta: 'Explore Indian tax services',
    href: paths.indianTaxServices.getHref(),
    tone: 'teal',
    icon: IconCurrencyRupee,
  },
  {
    id: 'estimate',
    eyebrow: 'Free estimate',
    title: 'Know your refund before you file',
    text: 'Tell us about your year and a preparer will estimate your refund or balance due, at no charge.',
    cta: 'Ask for a free estimate',
    href: paths.contactUs.getHref(),
    tone: 'indigo',
    icon: IconCalculator,
  },
  {
    id: 'tax-center',
    eyebrow: 'Tax center',
    title: 'Track your federal and state refunds',
    text: 'The official IRS and state refund-status pages, gathered in one place.',
    cta: 'Go to the tax center',
    href: paths.taxCenter.getHref(),
    tone: 'slate',
    icon: IconReceiptTax,
  },
];
