import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { apiPath, CALLS, REFERRAL_FORM } from '@taxfirm/contract';
import { PostField, PostForm, type FormPageData } from '../../../components/ui/post-form.tsx';
import { paths } from '../../../config/paths.ts';

const FIELDS = REFERRAL_FORM.fields;

/**
 * The public Refer a Friend form as server HTML (ADR 021): it posts to the page without JavaScript; with
 * it, the `public-form` island masks the phones, checks fields as they are left (a friend e-mail equal to
 * one's own says 'Both emails are same'), fills a signed-in client's name and e-mail read-only (the server takes
 * them from the account in any case), sends the referral through the API and shows the server's message.
 * The portal's form (user/saverefferral) is the React `ReferralForm`.
 */
export function PublicReferralForm(page: FormPageData) {
  return (
    <PostForm
      {...page}
      label="Refer a friend"
      action={paths.referAFriend.getHref()}
      api={apiPath(CALLS.saveReferral)}
      text={{ title: 'Referral sent' }}
    >
      <Fieldset legend="About you">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PostField field={FIELDS.rf_on_name} label="Name" autoComplete="name" fromSession="userName" />
            <PostField field={FIELDS.rf_on_email} label="Email" autoComplete="email" fromSession="email" />
          </SimpleGrid>
          <PostField field={FIELDS.rf_on_phone} label="Phone number" />
        </Stack>
      </Fieldset>
      <Fieldset legend="Your friend">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PostField field={FIELDS.rf_name} label="Your friend name" />
            <PostField field={FIELDS.rf_email} label="Your friend email" />
          </SimpleGrid>
          <PostField
            field={FIELDS.rf_phone}
            label="Your friend phone number"
            extensionLabel="Friend country code"
          />
        </Stack>
      </Fieldset>
      <PostField
        field={FIELDS.rf_comment}
        label="Message"
        description="Tell us how we can help your friend."
        rows={3}
      />
    </PostForm>
  );
}
