import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Plan } from '@platen/contract';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatCount, formatEuros, formatMediumDate } from '../model/billing-format.ts';

type PlanCardProps = {
  plan: Plan;
  /** The active paid plan was cancelled at period end and stops then. */
  endsAt?: string | undefined;
  onSubscribe: (plan: Plan) => void;
  /** This card's checkout is being opened. */
  isPending: boolean;
  /** Another card's checkout is being opened: this one waits. */
  isDisabled: boolean;
};

const Feature = ({ children }: { children: string }) => (
  <List.Item
    icon={
      <ThemeIcon size={20} radius="xl" variant="light" color="teal" aria-hidden>
        <IconCheck size={13} />
      </ThemeIcon>
    }
  >
    {children}
  </List.Item>
);

/** product.md#screens-and-routes Pricing: one plan, its figures, and subscribe or 'Subscription details'. */
export const PlanCard = ({ plan, endsAt, onSubscribe, isPending, isDisabled }: PlanCardProps) => {
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      data-testid="plan-card"
      data-active={plan.active}
      // The active plan is outlined in its badge's teal, the popular one in the brand colour,
      // so the two never look alike.
      style={
        plan.active || plan.popular
          ? {
              borderColor: plan.active
                ? 'var(--mantine-color-teal-filled)'
                : 'var(--mantine-primary-color-filled)',
              borderWidth: 2,
            }
          : undefined
      }
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" gap="xs" mih={26}>
          <Title order={3} size="h4" id={titleId}>
            {plan.subscriptionType}
          </Title>
          {plan.active && endsAt ? (
            <Badge color="yellow" variant="filled" autoContrast>
              {`Ends ${formatMediumDate(endsAt)}`}
            </Badge>
          ) : plan.active ? (
            <Badge color="teal" variant="filled" autoContrast>
              Active
            </Badge>
          ) : (
            plan.popular && <Badge variant="light">Most popular</Badge>
          )}
        </Group>
        <div>
          <Text component="span" fz={36} fw={750} lh={1} data-testid="plan-price">
            {formatEuros(plan.price)}
          </Text>
          <Text component="span" c="dimmed" size="sm">
            {' '}
            / month
          </Text>
        </div>
        <Text size="sm" c="dimmed" mih={40}>
          {plan.description}
        </Text>
        <List spacing="xs" size="sm" center style={{ flex: 1 }}>
          <Feature>Unlimited Templates</Feature>
          <Feature>{`${formatCount(plan.monthlyLimit)} document generations per month`}</Feature>
          <Feature>{`${formatEuros(plan.overagePrice)} per additional document`}</Feature>
          <Feature>Single API Key</Feature>
          <Feature>{plan.support}</Feature>
        </List>
        {plan.active ? (
          <Button component={Link} to={paths.subscription} variant="light" fullWidth>
            Subscription details
          </Button>
        ) : (
          <Button
            fullWidth
            loading={isPending}
            disabled={isDisabled}
            onClick={() => onSubscribe(plan)}
            aria-label={`Subscribe to ${plan.subscriptionType}`}
          >
            Subscribe
          </Button>
        )}
      </Stack>
    </Card>
  );
};
