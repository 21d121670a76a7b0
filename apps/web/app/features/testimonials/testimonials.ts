/** What clients have told us, published with their permission (first name and last initial only). */
export type Testimonial = {
  id: string;
  /** First name and last initial. */
  name: string;
  /** Where the client lives. */
  location: string;
  /** The service the review is about. */
  service: string;
  quote: string;
};

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: 'jennifer-m',
    name: 'Jennifer M.',
    location: 'Plano, Texas',
    service: 'Individual return (Form 1040)',
    quote:
      'We bought our first home last year and I was dreading the paperwork. My preparer walked me through the mortgage interest and HSA forms on a short call, and the return was ready for review two days after I uploaded the last document. Everything was explained in plain language, with no surprises on the invoice.',
  },
  {
    id: 'rahul-s',
    name: 'Rahul S.',
    location: 'Edison, New Jersey',
    service: 'FBAR and Form 8938 reporting',
    quote:
      'I had NRE and NRO accounts and a mutual fund in India that I did not know I had to report. The team sorted out which accounts went on the FBAR and which on Form 8938, and they caught up the years I had missed the right way. I finally understand what I need to send them each year.',
  },
  {
    id: 'priya-k',
    name: 'Priya K.',
    location: 'Sunnyvale, California',
    service: 'ITIN application (Form W-7)',
    quote:
      'My husband joined me on a dependent visa and needed an ITIN before we could file jointly. Their certifying acceptance agent verified his passport so we did not have to mail the original to the IRS. The ITIN arrived and our joint return went through without a hitch.',
  },
  {
    id: 'venkat-r',
    name: 'Venkat R.',
    location: 'Hyderabad, India',
    service: 'US and Indian returns',
    quote:
      'When I moved back to India in the middle of the year, I needed a dual-status US return and an Indian return for my rental income in Pune. Having one firm handle both sides meant the tax paid in one country was properly credited in the other. The office in Hyderabad was easy to reach in my own time zone.',
  },
  {
    id: 'david-o',
    name: 'David O.',
    location: 'Columbus, Ohio',
    service: 'S corporation return (Form 1120-S)',
    quote:
      'We converted our landscaping business to an S corporation and they set up a reasonable salary and quarterly estimates for me. Our 1120-S and the K-1s were filed well before the March deadline. I get a reminder before every estimated payment, which has saved me from penalties.',
  },
  {
    id: 'maria-g',
    name: 'Maria G.',
    location: 'Dallas, Texas',
    service: 'Partnership return and IRS notice',
    quote:
      'Our restaurant partnership received an IRS notice about a late Form 1065 from before we were clients. They prepared the response and a request for penalty relief, and the penalty was removed. Now they file our partnership return every year and send both partners their K-1s on time.',
  },
];
