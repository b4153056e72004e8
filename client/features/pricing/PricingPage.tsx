import { Box, Container, Group, SimpleGrid, Text } from '@mantine/core';
import { IconReceiptTax } from '@tabler/icons-react';
import { TRIAL_DAYS } from '../../../shared/constants';
import { M } from '../../../shared/messages/public';
import { PLANS, findPlan, isFreePlan } from '../../../shared/plans';
import { usePageTitle } from '../site/pageTitle';
import { useCreditBalance } from '../credits/useCreditBalance';
import { CtaBand } from '../landing/CtaBand';
import { SectionHeading } from '../landing/SectionHeading';
import { useSite } from '../site/useSite';
import { CreditsExplainer } from './CreditsExplainer';
import { PlanCard } from '../plans/PlanCard';
import { TestModeNotice } from '../plans/TestModeNotice';
import { usePlanPrices } from '../plans/usePlanPrices';
import { PricingFaq } from './PricingFaq';
import classes from './Pricing.module.css';
import { usePlanChoice } from './usePlanChoice';

/** /pricing: four packages, how credits work, FAQ and a trial call to action. */
export default function PricingPage() {
  usePageTitle(M.titles.pricing);
  const { site } = useSite();
  const { choose, pendingPlan, sessionLoading } = usePlanChoice();
  const { balance } = useCreditBalance();
  const trialCredits = findPlan('trial')?.credits ?? 0;
  const prices = usePlanPrices();

  return (
    <>
      <Box
        component="section"
        className={classes.header}
        pt={{ base: 48, sm: 80 }}
        pb={{ base: 48, sm: 72 }}
        aria-labelledby="pricing-title"
      >
        <Container>
          <SectionHeading id="pricing-title" eyebrow={M.pricing.eyebrow} title={M.pricing.title} subtitle={M.pricing.subtitle} />
          <Box maw={560} mx="auto" mb="md">
            <TestModeNotice />
          </Box>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" verticalSpacing={32} pt="md">
            {PLANS.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                layout="showcase"
                current={!!balance && balance.planCode === plan.id}
                buttonLabel={isFreePlan(plan) ? M.plans.startFree : M.plans.choosePlan}
                loading={pendingPlan === plan.id}
                disabled={sessionLoading || pendingPlan !== null}
                onSelect={choose}
              />
            ))}
          </SimpleGrid>
          <Group gap={6} justify="center" mt="xl">
            <IconReceiptTax size={16} stroke={1.7} color="var(--mantine-color-dimmed)" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              {prices.taxNote}
            </Text>
          </Group>
        </Container>
      </Box>

      <Box component="section" py={{ base: 64, sm: 88 }} aria-labelledby="credits-title">
        <Container>
          <SectionHeading id="credits-title" title={M.pricing.creditsTitle} subtitle={M.pricing.creditsSubtitle} />
          <CreditsExplainer imageCost={site.imageCreditCost} videoCost={site.videoCreditCost} />
        </Container>
      </Box>

      <Box component="section" py={{ base: 64, sm: 88 }} className={classes.faqBand} aria-labelledby="faq-title">
        <Container>
          <SectionHeading id="faq-title" title={M.pricing.faqTitle} />
          <PricingFaq
            imageCost={site.imageCreditCost}
            videoCost={site.videoCreditCost}
            trialCredits={trialCredits}
            trialDays={TRIAL_DAYS}
            taxNote={prices.taxNote}
          />
        </Container>
      </Box>

      <CtaBand title={M.pricing.ctaTitle} subtitle={M.pricing.ctaSubtitle} button={M.landing.ctaTrial} note={M.landing.ctaNote} />
    </>
  );
}
