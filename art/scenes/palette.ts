// The brochure palette shared with the technical drawings (see the seed image manifest).
export const palette = {
  navy: '#14213d',
  navyDeep: '#0c1529',
  lake: '#3a86c8',
  lakeLight: '#8cc1e6',
  park: '#4f9d69',
  parkDark: '#2f6e48',
  parkLight: '#8cc79a',
  sand: '#e9dcc4',
  sandDark: '#cdb994',
  pink: '#e0457b',
  white: '#ffffff',
  grey100: '#f3f4f6',
  grey200: '#e4e7ec',
  grey300: '#cfd4dc',
  grey400: '#9aa3b2',
  grey500: '#6b7385',
  grey700: '#3a4152',
  windowWarm: '#ffd27a',
  windowAmber: '#ffb457',
  wood: '#c8a27a',
  woodLight: '#dcc0a0',
  woodDark: '#8a6646',
} as const

export const koreanFont =
  "Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Malgun Gothic', sans-serif"
