import { Button, Loader, Radio, Stack } from '@mantine/core';
import { STAFF_ALERT_CHOICES, type StaffAlertChoice } from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { useAlerts, useSaveAlerts } from '../api/alerts.ts';

const LABELS: Record<StaffAlertChoice, string> = {
  each: 'E-mail me about each new client message',
  digest: 'Send me one daily digest',
};

/** How the staff member hears of their clients' messages and activity: an e-mail each, or a daily digest. */
export function AlertsChoice() {
  const alerts = useAlerts();
  return (
    <SectionCard headingId="alerts-heading" title="Message alerts" maw={640}>
      {alerts.isPending && <Loader role="status" aria-label="Loading your alert choice" />}
      <ApiErrorAlert error={alerts.error} />
      {alerts.data && <AlertsForm current={alerts.data.alerts} />}
    </SectionCard>
  );
}

function AlertsForm({ current }: { current: StaffAlertChoice }) {
  const save = useSaveAlerts();
  const success = useSubmitMessage();
  const [choice, setChoice] = useState<StaffAlertChoice>(current);
  const onSubmit = async () => {
    success.clear();
    const answer = await save.mutateAsync(choice).catch(() => null);
    if (answer) success.show(answer.message ?? answer.status_smessage);
  };
  return (
    <form
      noValidate
      aria-label="Message alerts"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Stack gap="sm">
        <Radio.Group
          label="When a client writes or acts on one of your files"
          description="Nobody is e-mailed about their own messages. The e-mails never hold a message's text."
          value={choice}
          onChange={(value) => {
            const next = STAFF_ALERT_CHOICES.find((c) => c === value);
            if (next) setChoice(next);
          }}
        >
          <Stack gap="xs" mt="xs">
            {STAFF_ALERT_CHOICES.map((c) => (
              <Radio key={c} value={c} label={LABELS[c]} />
            ))}
          </Stack>
        </Radio.Group>
        <SuccessAlert message={success.message} />
        <ApiErrorAlert error={save.error} />
        <div>
          <Button type="submit" loading={save.isPending}>
            Save alert choice
          </Button>
        </div>
      </Stack>
    </form>
  );
}
