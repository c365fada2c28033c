import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Student } from '@academy/shared/schemas/students';
import type { ChangePasswordInput, StudentDetails, StudentProfileUpdate, UserProfile, UserProfileUpdate } from '@academy/shared/schemas/profile';
import { apiRequestWithMessage } from '../../lib/api-client';
import { authKeys } from '../../lib/session';
import { msg } from '@lingui/core/macro';
import { getQueryOptions } from '../../lib/get-query-options';

export const profileKeys = {
  all: ['profile'] as const,
  user: ['profile', 'user'] as const,
  student: ['profile', 'student'] as const,
  studentDetails: ['profile', 'student', 'details'] as const,
};

/** Shown when a request fails without the server's words (offline, a proxy's error): worded in the reader's language when shown. */
export const PROFILE_FAILURES = {
  fetch: msg`Failed to fetch profile`,
  update: msg`Failed to update profile`,
  changePassword: msg`Failed to change password`,
};

/** An admin's or teacher's own account (and for a teacher, their teacher record). */
export const userProfileQueryOptions = getQueryOptions<UserProfile>(profileKeys.user, '/auth/profile');

export function useUserProfile() {
  return useQuery(userProfileQueryOptions);
}

/** Saves the profile; the top bar's name and avatar come from the session, so that is refetched too. */
export function useUpdateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserProfileUpdate) => apiRequestWithMessage<UserProfile>('PUT', '/auth/profile', input),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(profileKeys.user, data);
      return queryClient.invalidateQueries({ queryKey: authKeys.session });
    },
  });
}

export function useStudentDetails() {
  return useQuery(getQueryOptions<StudentDetails>(profileKeys.studentDetails, '/student/details'));
}

export function useUpdateStudentProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StudentProfileUpdate) => apiRequestWithMessage<Student>('PUT', '/student/profile', input),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: profileKeys.student }), queryClient.invalidateQueries({ queryKey: authKeys.session })]),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequestWithMessage<unknown>('PUT', '/auth/password', input),
  });
}
