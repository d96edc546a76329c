/** product.md#screens-and-routes: a user without a picture gets a generated grey 100 × 100 one with two initials. */
const INITIALS_PICTURE_SIZE_PX = 100;

const firstLetter = (name: string): string => Array.from(name.trim())[0]?.toUpperCase() ?? '';

/** The two uppercase initials: first letter of the first name, then of the last name. */
export const initials = (firstName: string, lastName: string): string =>
  `${firstLetter(firstName)}${firstLetter(lastName)}`;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The generated picture as an SVG data URL (allowed by the CSP's img-src data:), so it needs no
 * canvas and renders crisply at any size.
 */
export const initialsPicture = (firstName: string, lastName: string): string => {
  const size = INITIALS_PICTURE_SIZE_PX;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="#868e96"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#ffffff" ` +
    `font-family="Inter, Arial, sans-serif" font-size="40" font-weight="600">` +
    `${escapeXml(initials(firstName, lastName))}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
};

/** The picture to show: the stored base64 PNG, or the generated initials picture. */
export const pictureSource = (user: {
  profilePic: string;
  firstName: string;
  lastName: string;
}): string =>
  user.profilePic
    ? `data:image/png;base64,${user.profilePic}`
    : initialsPicture(user.firstName, user.lastName);
