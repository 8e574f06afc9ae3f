import type {Download, Page} from 'playwright-core'
import {EXPORT_PURPOSES} from '#shared/leads/export.ts'

/** What a staff member chooses in the export dialog. */
export interface ExportChoice {
  /** One of the offered purposes, or words typed under 직접 입력. */
  reason: string
  /** The columns' headers, as the dialog labels them; nothing else stays ticked. */
  columns: string[]
  /** The plain CSV (an administrator's choice) or the encrypted ZIP with `password`. */
  format: 'csv' | 'zip'
  password?: string
}

/** The export dialog of the leads list, once 목록 내려받기 has opened it. */
export const exportDialog = (page: Page) => page.getByRole('dialog', {name: '문의 목록 내려받기'})

/**
 * Opens the export dialog from the leads list, chooses as a person would (the purpose, the
 * columns, the format and password) and answers the file the browser received.
 */
export async function exportLeads(page: Page, choice: ExportChoice): Promise<Download> {
  await page.getByRole('button', {name: '목록 내려받기'}).click()
  const dialog = exportDialog(page)
  await dialog.waitFor()
  if (EXPORT_PURPOSES.some((purpose) => purpose.reason === choice.reason)) {
    await dialog.getByRole('radio', {name: choice.reason}).check()
  } else {
    await dialog.getByRole('radio', {name: '직접 입력'}).check()
    await dialog.getByLabel('목적 직접 입력').fill(choice.reason)
  }
  const clear = dialog.getByRole('button', {name: '모두 해제'})
  if (await clear.isVisible()) await clear.click()
  for (const column of choice.columns)
    await dialog.getByRole('checkbox', {name: column, exact: true}).check()
  if (choice.format === 'csv') {
    await dialog.getByRole('radio', {name: '암호 없는 CSV 파일 (관리자만)'}).check()
  } else {
    await dialog.getByLabel('파일 암호', {exact: true}).fill(choice.password ?? '')
    await dialog.getByLabel('파일 암호 확인').fill(choice.password ?? '')
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', {name: /파일 내려받기$/}).click(),
  ])
  return download
}
