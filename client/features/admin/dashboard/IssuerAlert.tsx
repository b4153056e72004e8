import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { M } from '../../../../shared/messages/admin';

const t = M.adminDashboard;

/**
 * Issue 38 item 1: the operator's company details an invoice needs are empty. In production paid
 * checkouts are refused until they are filled in; elsewhere the admin is told they will be.
 */
export function IssuerAlert({ issuer }: { issuer: { missing: string[]; blocking: boolean } }) {
  if (!issuer.missing.length) return null;
  const fields = issuer.missing.map((f) => t.issuerFields[f] ?? f).join(', ');
  return (
    <Alert
      color={issuer.blocking ? 'red' : 'orange'}
      icon={<IconAlertTriangle size={18} />}
      title={t.issuerMissingTitle}
      data-testid="issuer-alert"
    >
      <Text size="sm">
        {t.issuerMissing(fields)} {issuer.blocking ? t.issuerBlocking : t.issuerNotBlocking}
      </Text>
      <Anchor component={Link} to="/admin/settings" size="sm" fw={600}>
        {t.issuerFix}
      </Anchor>
    </Alert>
  );
}
