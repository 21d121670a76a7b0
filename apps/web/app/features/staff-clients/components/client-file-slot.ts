import { FILE_STATUSES, type FileStatus, type StaffRole } from '@taxfirm/contract';
import { useChangeStatus } from '../api/change-status.ts';
import { useStaffProfile } from '../api/get-staff-profile.ts';

/** Who is looking at the file. */
export type Viewer = { userId: string; role: StaffRole };

/**
 * What the file page hands each section the route composes into it (features do not import each other):
 * `panels={{ messages: [(slot) => <ThreadSection {...slot} />], … }}`. A new section takes what it needs from here.
 */
export type ClientFileSlot = {
  clientId: string;
  clientName: string;
  taxYear: number;
  role: StaffRole;
  /** The file's status now. */
  fileStatus: FileStatus;
  /** The profile's dependents, once loaded (null until then, or when it cannot be read). */
  dependents: { id: string; name: string }[] | null;
  /**
   * Moves the file to a status through this page's status change (history, the usual e-mail) and answers the
   * server's message. Without a comment, the checklist's: every required item is accepted.
   */
  onMoveStatus: (status: string, comment?: string) => Promise<string>;
  /**
   * The row a link into the file names (`?focus=<id>`: a checklist item, a document to sign, an invoice, a
   * deliverable): the section that holds it may scroll it into view and focus it. Undefined without one.
   */
  focusId?: string;
};

const DOCUMENTS_COMPLETE = 'Documents complete: every required checklist item is accepted.';

const isFileStatus = (status: string): status is FileStatus =>
  (FILE_STATUSES as readonly string[]).includes(status);

/** The slot of a file the viewer works: its dependents (from the profile) and its status change. */
export function useClientFileSlot(file: Omit<ClientFileSlot, 'dependents' | 'onMoveStatus'>): ClientFileSlot {
  const profile = useStaffProfile(file.clientId);
  const change = useChangeStatus();
  const dependents =
    profile.data?.dinfo.map((d) => ({ id: d.id, name: `${d.first_name} ${d.last_name}`.trim() })) ?? null;
  const onMoveStatus = async (status: string, comment = DOCUMENTS_COMPLETE) => {
    // The server names next_status from the same list; anything else is a bug, not a user error.
    if (!isFileStatus(status)) throw new Error(`Not a file status: ${status}`);
    const answer = await change.mutateAsync({
      client_id: file.clientId,
      taxy: file.taxYear,
      status,
      comment,
    });
    return answer.status_smessage;
  };
  return { ...file, dependents, onMoveStatus };
}
