/** The picture of a student without an avatar: the header, the account menu and the picker. */
export const AVATAR_PLACEHOLDER = "/images/avatar-placeholder.svg";
