/** The result messages of every registration form. */
export const RESULT_MESSAGES = {
  accepted: '✓ 등록이 완료되었습니다. 곧 전문 상담사가 연락드리겠습니다.',
  refused: '등록에 실패했습니다. 다시 시도해 주세요.',
  slotFilled: '선택하신 시간이 방금 마감되어 예약하지 못했습니다.',
  unanswered: '오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
} as const

export const SUBMIT_LABEL_BUSY = '등록 중...'
