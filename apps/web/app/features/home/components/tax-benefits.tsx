import { Box, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconDental,
  IconHeartbeat,
  IconHome,
  IconPigMoney,
  IconReceiptTax,
  IconSchool,
  type Icon,
} from '@tabler/icons-react';
import { GridList } from '../../../components/ui/grid-list.tsx';

type TaxBenefit = { id: string; icon: Icon; title: string; text: string };

/** Six common ways US taxpayers lower their bill; the limits are the ones in the specification. */
export const TAX_BENEFITS: readonly TaxBenefit[] = [
  {
    id: 'ira',
    icon: IconPigMoney,
    title: 'Individual Retirement Accounts (IRA)',
    text: 'Contributions to a traditional IRA may be deductible, and a Roth IRA grows tax-free. We work out which suits your income, and whether you can still contribute for last year before you file.',
  },
  {
    id: 'hsa',
    icon: IconHeartbeat,
    title: 'Health Savings Accounts (HSA)',
    text: 'With a high-deductible health plan, HSA contributions lower your taxable income, the account grows untaxed, and withdrawals for qualified medical costs are tax-free.',
  },
  {
    id: 'credits',
    icon: IconReceiptTax,
    title: 'Tax credits',
    text: 'Credits such as the Child Tax Credit, the education credits and the Earned Income Tax Credit cut your tax dollar for dollar. We check every one you qualify for.',
  },
  {
    id: 'medical',
    icon: IconDental,
    title: 'Medical and dental expenses',
    text: 'If you itemize, the unreimbursed medical and dental costs that exceed 7.5% of your adjusted gross income (AGI) are deductible, including many costs people forget to count.',
  },
  {
    id: 'student-loan',
    icon: IconSchool,
    title: 'Student loan interest deduction',
    text: 'Deduct up to $2,500 of student loan interest a year, even if you take the standard deduction, as long as your income is under the limit.',
  },
  {
    id: 'mortgage',
    icon: IconHome,
    title: 'Home mortgage interest',
    text: 'Homeowners who itemize can deduct the interest on the mortgage of a main or second home, within the IRS loan limits, along with qualifying points paid at purchase.',
  },
];

/** The "tax benefits" section of the home page: six cards, each with an icon, a title and a short note. */
export function TaxBenefits() {
  return (
    <Box component="section" aria-labelledby="tax-benefits-heading" bg="navy.0" py={{ base: 48, md: 72 }}>
      <Container size="xl">
        <Stack gap={6} maw={720} mb="xl">
          <Text fz="sm" fw={700} tt="uppercase" c="navy.8" style={{ letterSpacing: '0.06em' }}>
            Keep more of what you earn
          </Text>
          <Title order={2} id="tax-benefits-heading" c="navy.9" fz={{ base: 26, md: 34 }}>
            Tax benefits you should not miss
          </Title>
          <Text c="gray.8">
            Six of the deductions and credits we look at on every return. Eligibility and limits depend on
            your income and the tax year, so we apply the rules that fit yours.
          </Text>
        </Stack>
        <GridList cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {TAX_BENEFITS.map((b) => (
            <Box
              component="li"
              key={b.id}
              p={{ base: 'lg', md: 'xl' }}
              bg="white"
              style={{
                border: '1px solid var(--mantine-color-navy-1)',
                borderRadius: 16,
                borderTop: '4px solid var(--mantine-color-gold-4)',
                boxShadow: '0 8px 24px -16px rgb(20 51 95 / 0.3)',
              }}
            >
              <Stack gap="sm">
                <ThemeIcon size={48} radius="md" color="navy.8" aria-hidden>
                  <b.icon size={26} stroke={1.7} />
                </ThemeIcon>
                <Title order={3} fz="lg" c="navy.9">
                  {b.title}
                </Title>
                <Text c="gray.8" lh={1.6}>
                  {b.text}
                </Text>
              </Stack>
            </Box>
          ))}
        </GridList>
      </Container>
    </Box>
  );
}
