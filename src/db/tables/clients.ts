/** The values a client's `gender` column holds ('' = not given); the client and segment schemas use them. */
export const GENDERS = ['female', 'male', 'non_binary', 'other', ''] as const;
