import { Container } from '@mantine/core';
import { M } from '../../../shared/messages';
import { ComingSoon } from '../common/ComingSoon';

/** /pricing: the four plans, FAQ and trial call to action come in a later issue. */
export default function PricingPage() {
  return (
    <Container py={{ base: 'md', sm: 48 }}>
      <ComingSoon title={M.titles.pricing} back={{ to: '/', label: M.common.backHome }} />
    </Container>
  );
}
