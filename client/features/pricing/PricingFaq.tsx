import { Accordion } from '@mantine/core';
import { M } from '../../../shared/messages/public';
import classes from './Pricing.module.css';

/** FAQ; costs and trial terms are filled in from the settings and the trial plan (docs/decisions.md D3), the currency from how packages are paid. */
export function PricingFaq(props: { imageCost: number; videoCost: number; trialCredits: number; trialDays: number; taxNote: string }) {
  const items = M.pricing.faq({
    image: props.imageCost,
    video: props.videoCost,
    trialCredits: props.trialCredits,
    trialDays: props.trialDays,
    taxNote: props.taxNote,
  });
  return (
    <Accordion
      variant="separated"
      radius="md"
      className={classes.faq}
      classNames={{ item: classes.faqItem, control: classes.faqControl }}
      defaultValue="0"
      chevronPosition="right"
    >
      {items.map((item, i) => (
        <Accordion.Item key={item.q} value={String(i)}>
          <Accordion.Control>{item.q}</Accordion.Control>
          <Accordion.Panel>{item.a}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
